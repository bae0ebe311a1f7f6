/**
 * SMS length in the GSM 03.38 default alphabet: one SMS holds 160 GSM-7
 * characters, where the extension characters (^ { } \ [ ] ~ | € and form
 * feed) take two. A single character outside the alphabet turns the whole
 * message into UCS-2, 70 characters per SMS. Ticket and winner texts are
 * written to fit one SMS: a second part costs the same again and may arrive
 * out of order.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

const basicSet = new Set(BASIC);
const extensionSet = new Set(EXTENSION);

export const GSM7_SINGLE_SMS = 160;
export const UCS2_SINGLE_SMS = 70;

/** Septets `text` takes in GSM-7, or null when it needs UCS-2. */
export function gsm7Length(text: string): number | null {
  let septets = 0;
  for (const char of text) {
    if (basicSet.has(char)) septets += 1;
    else if (extensionSet.has(char)) septets += 2;
    else return null;
  }
  return septets;
}

/** True when `text` goes out as one SMS (≤ 160 GSM-7 septets, or ≤ 70 UCS-2 units). */
export function fitsOneSms(text: string): boolean {
  const septets = gsm7Length(text);
  return septets === null ? text.length <= UCS2_SINGLE_SMS : septets <= GSM7_SINGLE_SMS;
}

/** Look-alikes players' phones would show as boxes, spelled in the GSM-7 alphabet. */
const GSM7_LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u2033': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...', '\u00A0': ' ', '\u2007': ' ', '\u202F': ' ', '\t': ' ', '\u2022': '-', '\u00B7': '.',
};

/**
 * `text` in the GSM 03.38 default alphabet alone (DESIGN section 8: USSD
 * screens and SMS are GSM-7): look-alike punctuation is respelled, accents
 * outside the alphabet are dropped (ô → o), extension characters (which
 * some USSD gateways refuse) and anything else become `?`.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (basicSet.has(char)) out += char;
    else if (GSM7_LOOKALIKES[char] !== undefined) out += GSM7_LOOKALIKES[char];
    else {
      const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare.length > 0 && [...bare].every((c) => basicSet.has(c)) ? bare : '?';
    }
  }
  return out;
}
