import { randomInt } from 'node:crypto';
import { dammCheckDigit } from '@shared/ticket-check-digit';

export { dammCheckDigit };

/**
 * Ticket numbers (DESIGN section 4): 13 random digits from the CSPRNG
 * (10^13 ≈ 2^43.2, so ≥ 40 bits) plus a Damm check digit, which catches every
 * single-digit typo and every swap of adjacent digits. Digits only, so a
 * player can type one on a basic phone's USSD keypad. Shown as 4-4-4-2 groups
 * (shared/ticket-number.ts).
 */
const RANDOM_DIGITS = 13;

/** A new ticket number: 14 digits, the last a check digit. */
export function newTicketNumber(): string {
  let digits = '';
  for (let i = 0; i < RANDOM_DIGITS; i += 1) digits += String(randomInt(10));
  return `${digits}${dammCheckDigit(digits)}`;
}

/** The canonical ticket number from what a player typed ("4821-0937 5516-23"), or null if malformed or mistyped. */
export function parseTicketNumber(input: string): string | null {
  const digits = fourteenDigits(input);
  return digits !== null && dammCheckDigit(digits) === 0 ? digits : null;
}

/** True when what was typed has a ticket number's shape but its check digit fails: a mistyped digit. */
export function hasWrongCheckDigit(input: string): boolean {
  const digits = fourteenDigits(input);
  return digits !== null && dammCheckDigit(digits) !== 0;
}

function fourteenDigits(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{14}$/.test(digits) ? digits : null;
}
