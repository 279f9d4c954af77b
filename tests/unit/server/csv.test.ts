import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_CSV_COLUMNS, type AdminWithdrawal } from '#contract/wallet';
import { csvDocument, csvField, csvRow } from '#server/lib/csv';
import {
  vietnamMinute,
  withdrawalsCsv,
  withdrawalsCsvFilename,
} from '#server/modules/wallet/withdrawal-csv';

describe('csvField (RFC 4180, CSV injection)', () => {
  it('writes plain text and numbers as they are, null as an empty field', () => {
    expect(csvField('Quán Ngon')).toBe('Quán Ngon');
    expect(csvField(120000)).toBe('120000');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Phở, bún')).toBe('"Phở, bún"');
    expect(csvField('Quán "Ngon"')).toBe('"Quán ""Ngon"""');
    expect(csvField('dòng 1\ndòng 2')).toBe('"dòng 1\ndòng 2"');
    expect(csvField('dòng 1\r\ndòng 2')).toBe('"dòng 1\r\ndòng 2"');
  });

  it("prefixes text a spreadsheet would run as a formula with '", () => {
    expect(csvField('=HYPERLINK("http://x.example","bấm")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""bấm"")"',
    );
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    // Only the first character counts; numbers are numbers.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField(-5)).toBe('-5');
  });

  it('ends each row with CRLF and starts the file with a byte order mark', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
    expect(
      csvDocument(
        ['x', 'y'],
        [
          ['1', 2],
          ['=3', null],
        ],
      ),
    ).toBe("\uFEFFx,y\r\n1,2\r\n'=3,\r\n");
  });
});

describe('the withdrawals export', () => {
  const base: AdminWithdrawal = {
    id: 7,
    user_id: 3,
    user_name: 'Trần Văn Chủ',
    amount: 1_250_000,
    status: 'pending',
    reason: null,
    decided_by: null,
    // 23:30 UTC is 06:30 the next day in Asia/Ho_Chi_Minh.
    created_at: '2026-11-26T23:30:05.000Z',
    decided_at: null,
    restaurant_id: 2,
    restaurant_name: 'Quán Ngon, Quận 1',
    wallet_balance: 40_000,
    bank_reference: null,
  };

  it("writes times as 'YYYY-MM-DD HH:mm' in Asia/Ho_Chi_Minh", () => {
    expect(vietnamMinute('2026-11-26T23:30:59.999Z')).toBe('2026-11-27 06:30');
    expect(vietnamMinute('2026-12-31T17:00:00.000Z')).toBe('2027-01-01 00:00');
  });

  it('names the file after the range', () => {
    expect(withdrawalsCsvFilename('2026-11-01', '2026-11-30')).toBe(
      'rut-tien-2026-11-01-2026-11-30.csv',
    );
  });

  it('writes the header, then one row per request with the status in Vietnamese', () => {
    const csv = withdrawalsCsv([
      base,
      {
        ...base,
        id: 8,
        status: 'paid',
        decided_by: 1,
        decided_at: '2026-11-27T02:05:00.000Z',
        bank_reference: 'FT2633100123',
      },
      {
        ...base,
        id: 9,
        user_name: '=HYPERLINK("http://x.example")',
        restaurant_id: null,
        restaurant_name: null,
        status: 'rejected',
        reason: '+1 sai số tài khoản',
        decided_by: 1,
        decided_at: '2026-11-27T03:00:00.000Z',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      `\uFEFF${WITHDRAWAL_CSV_COLUMNS.join(',')}`,
      '7,2026-11-27 06:30,Trần Văn Chủ,"Quán Ngon, Quận 1",1250000,Chờ xử lý,,,',
      '8,2026-11-27 06:30,Trần Văn Chủ,"Quán Ngon, Quận 1",1250000,Đã chuyển khoản,2026-11-27 09:05,FT2633100123,',
      '9,2026-11-27 06:30,"\'=HYPERLINK(""http://x.example"")",,1250000,Từ chối,2026-11-27 10:00,,\'+1 sai số tài khoản',
      '',
    ]);
    expect(WITHDRAWAL_CSV_COLUMNS.join(',')).toBe(
      'Mã yêu cầu,Ngày yêu cầu,Chủ quán,Nhà hàng,Số tiền (VND),Trạng thái,Ngày xử lý,Mã giao dịch,Lý do từ chối',
    );
  });
});
