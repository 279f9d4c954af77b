import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): the library defaults,
// spelled out so an upgrade cannot quietly weaken them.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the account does not exist, so an unknown username costs the same
// time as a wrong password and timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('không-có-tài-khoản-này');
  await verifyPassword(await dummyHash, password);
}

/**
 * The most used passwords worldwide and in Vietnam (lists of leaked passwords), compared
 * case-insensitively. The spec's minimum is 6 characters; this refuses the trivially guessed.
 */
const COMMON = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '123123',
  '123321',
  '654321',
  '111111',
  '000000',
  '222222',
  '666666',
  '888888',
  '999999',
  '11111111',
  '88888888',
  '66666666',
  '99999999',
  '00000000',
  '121212',
  '112233',
  '123654',
  '159753',
  '147258',
  '147258369',
  '987654321',
  '12341234',
  '11223344',
  '1q2w3e',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  'aaaaaa',
  'abc123',
  'abcdef',
  'abc123456',
  '123abc',
  'a123456',
  '123456a',
  '123456aa',
  'aa123456',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'admin123',
  'admin',
  'iloveyou',
  'iloveu',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'shadow',
  'master',
  'trustno1',
  'superman',
  'batman',
  'starwars',
  'matkhau',
  'matkhau123',
  'anhyeuem',
  'emyeuanh',
  'yeuem',
  'yeuanh',
  'anhyeuem123',
  'khongbiet',
  'khongco',
  'vietnam',
  'vietnam123',
  'hanoi',
  'saigon',
  'hochiminh',
  'monngon',
  'monngon123',
  'nguyen',
  'nguyen123',
  'tranvan',
  '123456789a',
  'hoilamgi',
  'conmeo',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
