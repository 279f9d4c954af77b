import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import {
  ledgerInvariants,
  transfer,
  walletBalance,
  type AccountRef,
  type TransferInput,
} from '#server/modules/ledger/ledger.service';
import { balanceOf, deposit, platformBalance } from '../helpers/money';
import { newUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

/** Design.md section 5: the double-entry ledger under the wallet. */
describe('ledger', () => {
  let t: TestApp;
  let keySeq = 0;
  const key = (label: string) => `test:${label}:${++keySeq}`;

  /** One transfer in a transaction of its own, as every caller makes it. */
  const move = (input: Omit<TransferInput, 'key'> & { key?: string }) =>
    t.database.db
      .transaction()
      .execute((trx) => transfer(trx, { key: input.key ?? key('move'), ...input }));

  const transfersWithKey = async (businessKey: string) =>
    t.database.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('business_key', '=', businessKey)
      .execute();

  const expectInvariants = async () => {
    expect(await ledgerInvariants(t.database.db)).toEqual({
      sumOfBalances: 0,
      mismatchedAccounts: [],
      negativeWallets: [],
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads 0 for a user whose wallet has never moved, without creating it', async () => {
    const alice = await newUser(t, 'customer');
    expect(await walletBalance(t.database.db, alice.id)).toBe(0);
    const wallets = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(wallets).toEqual([]);
  });

  it('records a transfer once: the same key again moves nothing', async () => {
    const alice = await newUser(t, 'customer');
    const businessKey = key('deposit');
    const input = {
      key: businessKey,
      from: { platform: 'gateway' } as AccountRef,
      to: { wallet: alice.id } as AccountRef,
      amount: 120_000,
      kind: 'deposit' as const,
    };
    expect(await move(input)).toBe('done');
    const gatewayAfterFirst = await platformBalance(t, 'gateway');
    expect(await move(input)).toBe('duplicate');
    // Even a different amount or direction under the same key is the same business event.
    expect(await move({ ...input, amount: 999_000 })).toBe('duplicate');
    expect(await balanceOf(t, alice.id)).toBe(120_000);
    expect(await platformBalance(t, 'gateway')).toBe(gatewayAfterFirst);
    const rows = await transfersWithKey(businessKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 120_000, kind: 'deposit' });
    await expectInvariants();
  });

  it('lets a platform account run negative but never a wallet; a refused debit rolls back', async () => {
    const alice = await newUser(t, 'customer');
    const bob = await newUser(t, 'customer');
    await deposit(t, alice.id, 30_000);
    expect(await platformBalance(t, 'gateway')).toBeLessThan(0);

    const businessKey = key('too-much');
    const refused = move({
      key: businessKey,
      from: { wallet: alice.id },
      to: { wallet: bob.id },
      amount: 30_001,
      kind: 'order_payment',
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      status: 409,
      message: 'Số dư không đủ',
    });
    // Nothing of it stayed: no transfer row, both balances as before.
    expect(await transfersWithKey(businessKey)).toEqual([]);
    expect(await balanceOf(t, alice.id)).toBe(30_000);
    expect(await balanceOf(t, bob.id)).toBe(0);

    // The key is free again: the same event may happen once the money is there.
    await deposit(t, alice.id, 1);
    expect(
      await move({
        key: businessKey,
        from: { wallet: alice.id },
        to: { wallet: bob.id },
        amount: 30_001,
        kind: 'order_payment',
      }),
    ).toBe('done');
    expect(await balanceOf(t, alice.id)).toBe(0);
    expect(await balanceOf(t, bob.id)).toBe(30_001);
    await expectInvariants();
  });

  it('refuses amounts that are not a positive whole number of đồng', async () => {
    const alice = await newUser(t, 'customer');
    for (const amount of [0, -5_000, 1.5, Number.NaN]) {
      await expect(
        move({ from: { platform: 'gateway' }, to: { wallet: alice.id }, amount, kind: 'deposit' }),
      ).rejects.toMatchObject({ code: 'AMOUNT_INVALID' });
    }
    expect(await balanceOf(t, alice.id)).toBe(0);
  });

  it('keeps the CHECK constraint as a backstop against a negative wallet', async () => {
    const alice = await newUser(t, 'customer');
    await deposit(t, alice.id, 1_000);
    await expect(
      t.database.db
        .updateTable('ledger_accounts')
        .set({ balance: -1 })
        .where('user_id', '=', alice.id)
        .execute(),
    ).rejects.toThrow(/ledger_accounts_wallet_not_negative/);
    expect(await balanceOf(t, alice.id)).toBe(1_000);
  });

  it('refuses to UPDATE or DELETE a transfer (the immutability trigger)', async () => {
    const alice = await newUser(t, 'customer');
    const businessKey = key('history');
    await move({
      key: businessKey,
      from: { platform: 'gateway' },
      to: { wallet: alice.id },
      amount: 50_000,
      kind: 'deposit',
    });
    await expect(
      t.database.db
        .updateTable('ledger_transfers')
        .set({ amount: 1 })
        .where('business_key', '=', businessKey)
        .execute(),
    ).rejects.toThrow(/ledger transfers are immutable/);
    await expect(
      t.database.db
        .deleteFrom('ledger_transfers')
        .where('business_key', '=', businessKey)
        .execute(),
    ).rejects.toThrow(/ledger transfers are immutable/);
    expect(await transfersWithKey(businessKey)).toMatchObject([{ amount: 50_000 }]);
    await expectInvariants();
  });

  it('lets exactly 10 of 50 concurrent debits through a wallet that holds 10', async () => {
    // On PostgreSQL these run on 10 connections at once and race for the wallet row; on
    // PGlite they serialise. Either way the debiting UPDATE's own condition decides.
    const alice = await newUser(t, 'customer');
    await deposit(t, alice.id, 10 * 25_000);
    const escrowBefore = await platformBalance(t, 'escrow');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        move({
          key: key(`race-${i}`),
          from: { wallet: alice.id },
          to: { platform: 'escrow' },
          amount: 25_000,
          kind: 'order_payment',
        }),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(10);
    expect(done.every((r) => r.value === 'done')).toBe(true);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(t, alice.id)).toBe(0);
    expect(await platformBalance(t, 'escrow')).toBe(escrowBefore + 250_000);
    await expectInvariants();
  });

  it('records one key once when the same transfer is attempted 10 times at once', async () => {
    const alice = await newUser(t, 'customer');
    const businessKey = key('same');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        move({
          key: businessKey,
          from: { platform: 'gateway' },
          to: { wallet: alice.id },
          amount: 40_000,
          kind: 'deposit',
        }),
      ),
    );
    expect(results.filter((r) => r === 'done')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
    expect(await balanceOf(t, alice.id)).toBe(40_000);
    await expectInvariants();
  });

  it('does not deadlock on transfers between two wallets in both directions at once', async () => {
    const alice = await newUser(t, 'customer');
    const bob = await newUser(t, 'customer');
    await deposit(t, alice.id, 1_000_000);
    await deposit(t, bob.id, 1_000_000);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        move({
          key: key(`cross-${i}`),
          from: { wallet: i % 2 ? alice.id : bob.id },
          to: { wallet: i % 2 ? bob.id : alice.id },
          amount: 10_000 + i,
          kind: 'order_payment',
        }),
      ),
    );
    // A deadlock would surface as a rejected transfer (40P01); there must be none.
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const toBob = Array.from({ length: 40 }, (_, i) => (i % 2 ? 10_000 + i : -(10_000 + i)));
    const net = toBob.reduce((a, b) => a + b, 0);
    expect(await balanceOf(t, bob.id)).toBe(1_000_000 + net);
    expect(await balanceOf(t, alice.id)).toBe(1_000_000 - net);
    await expectInvariants();
  });

  it('keeps every invariant after a random mixed concurrent workload', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(t, 'customer')));
    // A fixed-seed generator: a failure can be replayed.
    let seed = 20261123;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const platforms = ['escrow', 'payouts', 'commission'] as const;
    const keys: string[] = [];
    const operations: Promise<'done' | 'duplicate'>[] = [];
    for (let i = 0; i < 120; i++) {
      const user = users[rand(users.length)]!;
      const other = users[rand(users.length)]!;
      const amount = 1_000 * (1 + rand(50));
      const choice = rand(5);
      // Some operations reuse an earlier key: they must be duplicates, never a second move.
      const reuse = keys.length > 0 && rand(6) === 0;
      const businessKey = reuse ? keys[rand(keys.length)]! : key(`mix-${i}`);
      keys.push(businessKey);
      const input: Omit<TransferInput, 'key'> =
        choice === 0
          ? { from: { platform: 'gateway' }, to: { wallet: user.id }, amount, kind: 'deposit' }
          : choice === 1 && other.id !== user.id
            ? { from: { wallet: user.id }, to: { wallet: other.id }, amount, kind: 'settlement' }
            : choice === 2
              ? {
                  from: { platform: platforms[rand(3)]! },
                  to: { wallet: user.id },
                  amount,
                  kind: 'refund',
                }
              : {
                  from: { wallet: user.id },
                  to: { platform: platforms[rand(3)]! },
                  amount,
                  kind: 'order_payment',
                };
      operations.push(move({ key: businessKey, ...input }));
    }
    const results = await Promise.allSettled(operations);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    // Something of each kind happened, so the check below means something.
    expect(results.some((r) => r.status === 'fulfilled' && r.value === 'done')).toBe(true);
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
    await expectInvariants();
    const rows = await t.database.db
      .selectFrom('ledger_transfers')
      .select('business_key')
      .where('business_key', 'in', keys)
      .execute();
    expect(new Set(rows.map((r) => r.business_key)).size).toBe(rows.length);
  });

  it('runs its concurrency cases on real connections on the PostgreSQL lane', () => {
    // The pool of the PostgreSQL lane has 10 connections: the races above are real there.
    expect(t.database.kind).toBe(testLane());
  });
});
