import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { PasswordSchema } from '#contract/fields';
import { RejectRestaurantBodySchema } from '#contract/staff-restaurant';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../errors';
import { createStaffLevelAccount } from '../modules/auth/auth.service';
import {
  approveRestaurant,
  rejectRestaurant,
  SHELL_ACTOR_ID,
} from '../modules/restaurant-approval/restaurant-approval.service';

const USAGE = `Usage:
  npm run admin -- create-admin <username>   (password from ADMIN_PASSWORD or a prompt)
  npm run admin -- approve-restaurant <id>
  npm run admin -- reject-restaurant <id> <reason>`;

const RestaurantIdSchema = z.coerce
  .number()
  .int('id: a whole number')
  .min(1, 'id: a whole number from 1');

const UsernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, 'username: 3-50 characters of A-Z a-z 0-9 . _ -');

/** Reads a line without echoing it, so the password never shows on screen or in scrollback. */
function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('set ADMIN_PASSWORD or run in a terminal');
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat password: ');
  if (first !== second) throw new Error('the passwords differ');
  return first;
}

/** The configured database, migrated, for one command; closed again whatever happens. */
async function withDatabase(run: (database: Database) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await migrateToLatest(database.db);
    await run(database);
  } finally {
    await database.close();
  }
}

async function createAdmin(username: string): Promise<void> {
  const name = UsernameSchema.parse(username);
  const password = PasswordSchema.parse(await readPassword());
  await withDatabase(async (database) => {
    const admin = await createStaffLevelAccount(database.db, {
      role: 'admin',
      username: name,
      password,
    });
    console.log(`Created admin "${admin.username}" (id ${admin.id}).`);
  });
}

/**
 * The same decision as PUT /api/admin/restaurants/:id/approve/, for an operator at a shell: it
 * is audited like the console's, with SHELL_ACTOR_ID as the actor (the shell has no account).
 */
async function approveRestaurantCommand(id: string): Promise<void> {
  const restaurantId = RestaurantIdSchema.parse(id);
  await withDatabase(async (database) => {
    const restaurant = await approveRestaurant(database.db, restaurantId, SHELL_ACTOR_ID);
    console.log(`Approved restaurant "${restaurant.name}" (id ${restaurant.id}).`);
  });
}

/** As PUT /api/admin/restaurants/:id/reject/: the owner reads the reason on their screen. */
async function rejectRestaurantCommand(id: string, reason: string): Promise<void> {
  const restaurantId = RestaurantIdSchema.parse(id);
  const { reason: checked } = RejectRestaurantBodySchema.parse({ reason });
  await withDatabase(async (database) => {
    const restaurant = await rejectRestaurant(database.db, restaurantId, checked, SHELL_ACTOR_ID);
    console.log(`Rejected restaurant "${restaurant.name}" (id ${restaurant.id}): ${checked}`);
  });
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'create-admin' && args.length === 1) return createAdmin(args[0]!);
  if (command === 'approve-restaurant' && args.length === 1) {
    return approveRestaurantCommand(args[0]!);
  }
  // An unquoted reason arrives as several words; they are one sentence.
  if (command === 'reject-restaurant' && args.length >= 2) {
    return rejectRestaurantCommand(args[0]!, args.slice(1).join(' '));
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Operator-facing: one line, no stack, for the mistakes an operator can fix.
  if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof z.ZodError)
    console.error(error.issues.map((i) => i.message).join('; '));
  else if (error instanceof Error) console.error(error.message);
  else console.error(String(error));
  process.exitCode = 1;
});
