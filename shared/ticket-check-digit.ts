/**
 * The Damm check digit of ticket numbers (DESIGN section 4): it catches every
 * single-digit typo and every swap of adjacent digits. Shared so the draw
 * record page tells a typo from a ticket not in the draw without asking.
 */
const DAMM: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** 0 for a whole ticket number whose check digit holds; for the 13 random digits, the check digit to append. */
export function dammCheckDigit(digits: string): number {
  let interim = 0;
  for (const ch of digits) interim = DAMM[interim]![Number(ch)]!;
  return interim;
}
