import { sha256, utf8 } from './bytes';

/**
 * The draw code (DESIGN section 4, "Fair draws"; issue 36): six characters an
 * announcer reads on air and a listener types into USSD, SMS (`DRAW <code>`)
 * or `/d/<code>`. It comes from the window's Merkle root and the number of
 * the beacon round that will decide the winner — both fixed at the close,
 * before that round exists — so the code read out before the round is the
 * one the record carries, and anyone can recompute it from the record.
 *
 *   code = the first 30 bits of SHA-256("draw-code:<merkle root>:<round>"),
 *          five bits a character, in DRAW_CODE_ALPHABET
 *
 * The alphabet leaves out 0/O and 1/I (said aloud, they are confused).
 */
export const DRAW_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const DRAW_CODE_LENGTH = 6;

const CODE = new RegExp(`^[${DRAW_CODE_ALPHABET}]{${DRAW_CODE_LENGTH}}$`);

export async function drawCodeOf(merkleRoot: string, round: number): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(merkleRoot)) throw new RangeError('a Merkle root is 64 lowercase hex characters');
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`round ${round} is not a beacon round`);
  const h = await sha256(utf8(`draw-code:${merkleRoot}:${round}`));
  // 30 bits from the first four bytes, big-endian
  const bits = ((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 2;
  let code = '';
  for (let i = DRAW_CODE_LENGTH - 1; i >= 0; i -= 1) code += DRAW_CODE_ALPHABET[(bits >>> (i * 5)) & 31];
  return code;
}

/**
 * A code as typed or heard, or undefined when it cannot be one: case and spaces do not matter,
 * and the letters a listener may write for the left-out digits are read as them (O→0 is not in
 * the alphabet, so O, 0 and 1, I are refused rather than guessed).
 */
export function normalizeDrawCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : undefined;
}

/** The short public record of a draw, by its code: what the announcer reads out with the winner. */
export const drawCodePagePath = (code: string): string => `/d/${encodeURIComponent(code)}`;
