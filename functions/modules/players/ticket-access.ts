import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_TTL_MS,
  myTicketsMessages,
  TICKETS_SESSION_MS,
} from '@shared/my-tickets';
import { cookieToken, cookieTokenKey, newCookieToken, tokenCookie } from '../../platform/cookie-tokens';
import { takeRateSlot, type RateRule } from '../../platform/store/rate-limits';
import { smsIdOf } from '../messages';
import {
  deleteTicketsSession,
  putAccessCode,
  spendCodeForSession,
  takeCodeTry,
  ticketsSessionNumber,
} from './store/ticket-access';

/**
 * The web's My tickets access (DESIGN section 7): the number proves itself
 * by a one-time code sent to it by SMS, which opens a short session in an
 * HttpOnly cookie. The code request answers alike for any number (whether
 * it ever played is told to nobody); one live code per number, stored
 * hashed, 10 minutes, 5 tries; the session is stored by its token's hash.
 */

/** The session's cookie: the whole site's, never readable by script (a `__Host-` name: Path=/, Secure). */
const TICKETS_COOKIE = '__Host-tickets';

/**
 * Codes per number: 3 in 10 minutes and 10 a day, so nobody can flood a
 * stranger's phone with SMS (the bound a number's payment prompts have).
 */
const CODES_PER_NUMBER: readonly RateRule[] = [
  { scope: 'codes-number', limit: 3, windowMs: 10 * 60_000 },
  { scope: 'codes-number-day', limit: 10, windowMs: 24 * 3_600_000 },
];
/**
 * Codes per client address, sized as the payment prompts' (platform/store/rate-limits.ts):
 * after a draw is read on air hundreds of players behind one carrier NAT
 * address look up their tickets in the same minutes; a script from one
 * address still stops at 1,200 SMS an hour.
 */
const CODES_PER_ADDRESS: readonly RateRule[] = [
  { scope: 'codes-address-minute', limit: 300, windowMs: 60_000 },
  { scope: 'codes-address-hour', limit: 1_200, windowMs: 3_600_000 },
];
/** Codes tried per client address: two a code on average for such a surge; guessing is bounded per code anyway. */
const TRIES_PER_ADDRESS: RateRule = { scope: 'code-tries-address', limit: 600, windowMs: 60_000 };

/** The limits of My tickets' codes, as one table (tests count uses into them). */
export const TICKETS_CODE_LIMITS = {
  codesPerNumber: CODES_PER_NUMBER,
  codesPerAddress: CODES_PER_ADDRESS,
  triesPerAddress: TRIES_PER_ADDRESS,
} as const;

export type CodeRequest = 'sent' | 'number-limited' | 'address-limited';

/**
 * A new code for the number, owed by SMS: the public function calls no
 * provider; the prompts function sends it from the table's stream at once
 * (functions/lambdas/prompts.ts), the retry job if that fails. The address's limits first: a script refused
 * there uses up no stranger's number.
 */
export async function requestAccessCode(msisdn: string, address: string, now: Date): Promise<CodeRequest> {
  for (const rule of CODES_PER_ADDRESS) if (!(await takeRateSlot(rule, address, now))) return 'address-limited';
  for (const rule of CODES_PER_NUMBER) if (!(await takeRateSlot(rule, msisdn, now))) return 'number-limited';
  const code = String(randomInt(0, 10 ** ACCESS_CODE_DIGITS)).padStart(ACCESS_CODE_DIGITS, '0');
  const salt = randomBytes(16).toString('base64url');
  const ref = `${msisdn}-${randomBytes(8).toString('hex')}`;
  await putAccessCode(
    msisdn,
    { codeHash: codeHashOf(salt, msisdn, code), salt, expiresAtMs: now.getTime() + ACCESS_CODE_TTL_MS },
    { id: smsIdOf('access-code', ref), purpose: 'access-code', ref, to: msisdn, text: myTicketsMessages.codeSms(code) },
    now,
  );
  return 'sent';
}

const codeHashOf = (salt: string, msisdn: string, code: string) =>
  createHash('sha256').update(`${salt}:${msisdn}:${code}`).digest('base64url');

export type SessionOpening =
  | { opened: true; cookie: string }
  | { opened: false; refused: 'wrong'; triesLeft: number }
  | { opened: false; refused: 'expired' | 'void' | 'address-limited' };

/** The code from the SMS tried: right, a session and its cookie; else why not. Each try counts, right or wrong. */
export async function openTicketsSession(
  msisdn: string,
  code: string,
  address: string,
  now: Date,
): Promise<SessionOpening> {
  if (!(await takeRateSlot(TRIES_PER_ADDRESS, address, now))) return { opened: false, refused: 'address-limited' };
  const held = await takeCodeTry(msisdn, now);
  if (typeof held === 'string') return { opened: false, refused: held };
  const given = Buffer.from(codeHashOf(held.salt, msisdn, code));
  const expected = Buffer.from(held.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const triesLeft = ACCESS_CODE_MAX_TRIES - held.tries;
    return triesLeft > 0 ? { opened: false, refused: 'wrong', triesLeft } : { opened: false, refused: 'void' };
  }
  const token = newCookieToken();
  const expiresAtMs = now.getTime() + TICKETS_SESSION_MS;
  // spent or replaced meanwhile (a parallel right try, a new code): this code no longer opens anything
  if (!(await spendCodeForSession(msisdn, held.codeHash, { tokenKey: cookieTokenKey(token), expiresAtMs }, now)))
    return { opened: false, refused: 'expired' };
  return { opened: true, cookie: tokenCookie(TICKETS_COOKIE, token, TICKETS_SESSION_MS / 1000) };
}

/** The number a request's My tickets cookie shows, and when its session ends; undefined without a live one. */
export async function ticketsSessionOf(
  cookies: readonly string[] | string | undefined,
  now: Date,
): Promise<{ msisdn: string; endsAt: string } | undefined> {
  const token = cookieToken(cookies, TICKETS_COOKIE);
  return token ? ticketsSessionNumber(cookieTokenKey(token), now) : undefined;
}

/** Sign out: the session ends (if any) and the cookie is cleared. */
export async function endTicketsSession(cookies: readonly string[] | string | undefined): Promise<string> {
  const token = cookieToken(cookies, TICKETS_COOKIE);
  if (token) await deleteTicketsSession(cookieTokenKey(token));
  return tokenCookie(TICKETS_COOKIE, '', 0);
}
