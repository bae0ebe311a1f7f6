import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { config } from '../../platform/config';

/**
 * Password hashing with scrypt from node:crypto at N=2^17, r=8, p=1
 * (DESIGN section 7; OWASP's scrypt floor). The parameters live in the stored
 * string so they can be raised later without breaking old hashes.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;

/**
 * The local test stack may hash new passwords at a lower cost
 * (`TEST_SCRYPT_N`, a power of two below 2^17): the suite creates and signs
 * in thousands of staff, and 2^17 costs it minutes of CPU. Honoured only on
 * the local stack, and only downward; verification always reads the cost
 * stored with the hash, so the code path is the deployed one.
 */
function hashCost(): number {
  const testN = config.isLocalStack() ? config.positiveInteger('TEST_SCRYPT_N') : undefined;
  return testN !== undefined && testN < PARAMS.N && Number.isInteger(Math.log2(testN)) ? testN : PARAMS.N;
}
/** scrypt needs 128·N·r bytes; allow headroom above the 32 MiB default. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = hashCost();
  const key = await derive(password, salt, N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(
    password,
    Buffer.from(saltText, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/**
 * A hash to verify against when the email is unknown, so that an unknown
 * email costs the same time as a wrong password (no account enumeration).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
