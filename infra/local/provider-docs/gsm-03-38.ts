/**
 * How many parts a gateway sends a text in, written from the standards (not
 * from our adapter's functions/integrations/sms/gsm7.ts): the SMS simulator
 * counts with it (DESIGN sections 3 and 8).
 *
 * Documents:
 * - 3GPP TS 23.038 (formerly GSM 03.38), "Alphabets and language-specific
 *   information", section 6.2.1 "GSM 7 bit Default Alphabet" (the 128-code
 *   table below, code 0x1B being the escape to the extension table) and
 *   section 6.2.1.1 "GSM 7 bit default alphabet extension table" (a character
 *   there is sent as ESC + its code: two septets). Section 6.2.3 "UCS2": any
 *   other character makes the message 16-bit, one code unit per character.
 * - 3GPP TS 23.040, section 9.2.3.24.1 "Concatenated short messages": user
 *   data is 140 octets, i.e. 160 septets or 70 UCS-2 units; a concatenated
 *   part carries a 6-octet user data header (IEI 00, 8-bit reference), which
 *   leaves 153 septets (140 − 6 octets = 134 octets = 1072 bits, 153 whole
 *   septets after the fill bit) or 67 UCS-2 units per part.
 * A part holds whole characters: the two septets of an extension character
 * (ESC + code) and the two code units of a UTF-16 surrogate pair are never
 * split between parts, as a split one would not decode on the handset.
 */

/** Section 6.2.1, by code: 0x00 to 0x7F, 16 a row; null at 0x1B (ESC). */
const DEFAULT_ALPHABET: readonly (string | null)[] = [
  ...['@', '£', '$', '¥', 'è', 'é', 'ù', 'ì', 'ò', 'Ç', '\n', 'Ø', 'ø', '\r', 'Å', 'å'],
  ...['Δ', '_', 'Φ', 'Γ', 'Λ', 'Ω', 'Π', 'Ψ', 'Σ', 'Θ', 'Ξ', null, 'Æ', 'æ', 'ß', 'É'],
  ...[' ', '!', '"', '#', '¤', '%', '&', "'", '(', ')', '*', '+', ',', '-', '.', '/'],
  ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?'],
  ...['¡', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O'],
  ...['P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'Ä', 'Ö', 'Ñ', 'Ü', '§'],
  ...['¿', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'],
  ...['p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'ä', 'ö', 'ñ', 'ü', 'à'],
];

/** Section 6.2.1.1, code → character: each sent as ESC (0x1B) then the code. */
const EXTENSION_TABLE: Readonly<Record<number, string>> = {
  10: '\f',
  20: '^',
  40: '{',
  41: '}',
  47: '\\',
  60: '[',
  61: '~',
  62: ']',
  64: '|',
  101: '€',
};

const ONE_SEPTET = new Set(DEFAULT_ALPHABET.filter((c): c is string => c !== null));
const TWO_SEPTETS = new Set(Object.values(EXTENSION_TABLE));

/** TS 23.040: one SMS, and one part of a concatenated SMS, in septets and in UCS-2 units. */
export const SEPTETS_PER_SMS = 160;
export const SEPTETS_PER_PART = 153;
export const UCS2_UNITS_PER_SMS = 70;
export const UCS2_UNITS_PER_PART = 67;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Septets each character of `text` takes in the default alphabet, or null when one is not in it. */
function septetsPerCharacter(text: string): number[] | null {
  const sizes: number[] = [];
  for (const character of text) {
    if (ONE_SEPTET.has(character)) sizes.push(1);
    else if (TWO_SEPTETS.has(character)) sizes.push(2);
    else return null;
  }
  return sizes;
}

/** Whole characters into parts of at most `perPart` units; one part when the lot fits `single`. */
function partsFor(sizes: readonly number[], single: number, perPart: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** The encoding a gateway sends `text` in and how many parts (each billed) it takes. */
export function smsSegments(text: string): { encoding: SmsEncoding; parts: number; units: number } {
  const septets = septetsPerCharacter(text);
  if (septets) {
    return {
      encoding: 'GSM-7',
      parts: partsFor(septets, SEPTETS_PER_SMS, SEPTETS_PER_PART),
      units: septets.reduce((sum, size) => sum + size, 0),
    };
  }
  // UCS-2 as gateways send it (UTF-16): a character beyond the BMP takes two units
  const units = [...text].map((character) => character.length);
  return {
    encoding: 'UCS-2',
    parts: partsFor(units, UCS2_UNITS_PER_SMS, UCS2_UNITS_PER_PART),
    units: text.length,
  };
}
