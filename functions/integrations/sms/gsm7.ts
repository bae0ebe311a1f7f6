/**
 * SMS length in the GSM 03.38 default alphabet: one SMS holds 160 GSM-7
 * characters, where the extension characters (^ { } \ [ ] ~ | € and form
 * feed) take two. A single character outside the alphabet turns the whole
 * message into UCS-2, 70 characters per SMS. Ticket and winner texts are
 * written to fit one SMS: a second part costs the same again and may arrive
 * out of order (DESIGN section 8: GSM-7 and at most 160 characters).
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

const basicSet = new Set(BASIC);
const extensionSet = new Set(EXTENSION);

const GSM7_SINGLE_SMS = 160;
const UCS2_SINGLE_SMS = 70;

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

/** Look-alikes the GSM-7 alphabet lacks, and what they become. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '`': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2026': '...',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '*',
  '\u00b7': '.',
  '\u00d7': 'x',
  '\u00f7': '/',
  '\u00a9': '(c)',
  '\u00ae': '(R)',
  '\u2122': 'TM',
  '\u0153': 'oe',
  '\u0152': 'OE',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u00fe': 'th',
  '\u00de': 'Th',
  '\u00f0': 'd',
  '\u00d0': 'D',
  '\u0131': 'i',
};

/**
 * `text` in the GSM-7 alphabet, the one place SMS text is made clean: curly
 * quotes, dashes and the ellipsis become their plain forms, accented Latin
 * letters the alphabet lacks lose their accent, whitespace becomes one
 * space (newlines kept), and whatever is left outside the alphabet (other
 * scripts, emoji, symbols) is dropped. Extension characters are kept; they
 * count twice in gsm7Length.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char !== '\n' && /\s/u.test(char)) out += ' ';
    else if (basicSet.has(char) || extensionSet.has(char)) out += char;
    else if (LOOKALIKES[char] !== undefined) out += LOOKALIKES[char];
    else {
      // an accented letter: its base letter when that is in the alphabet (ą → a, Ş → S)
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (base !== char && [...base].every((c) => basicSet.has(c))) out += base;
    }
  }
  return out.replace(/ {2,}/g, ' ');
}

/** True when `text` is all GSM-7 and fits one SMS. */
export const isOneGsm7Sms = (text: string): boolean => (gsm7Length(text) ?? Infinity) <= GSM7_SINGLE_SMS;

/** Digits of an SMS's check code (functions/modules/messages/sms-check.ts). */
export const SMS_CHECK_DIGITS = 8;

/**
 * An SMS as it goes out: its text, then its check code on a line of its own
 * ("Ref 12345678"), which USSD "Check an SMS" confirms as ours, so a player
 * can tell our SMS from a fake prize message.
 */
export const withCheckCode = (text: string, code: string): string => `${text}\nRef ${code}`;

/** What a text may take of one SMS: the rest is its check code's line. */
const TEXT_SEPTETS = GSM7_SINGLE_SMS - withCheckCode('', '0'.repeat(SMS_CHECK_DIGITS)).length;

/**
 * One GSM-7 SMS of at most 160 septets once its check code is added, built
 * around the one part of it that may be long (a promotion title):
 * `compose(variable)` is the message, and the variable is cut, at a
 * character, until the whole fits. Every SMS text the product sends is built
 * here (ticket and winner SMS).
 */
export function oneSms(compose: (variable: string) => string, variable: string): string {
  const clean = (s: string) => toGsm7(s).trim();
  const chars = [...clean(variable)];
  const fitsText = (text: string) => (gsm7Length(text) ?? Infinity) <= TEXT_SEPTETS;
  const fits = (n: number) => fitsText(clean(compose(chars.slice(0, n).join('').trim())));
  if (fits(chars.length)) return clean(compose(chars.join('')));
  // the longest prefix that fits, found by halving (its length only grows with n)
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  const text = clean(compose(chars.slice(0, lo).join('').trim()));
  return fitsText(text) ? text : cutToSeptets(text, TEXT_SEPTETS);
}

/** The longest prefix of a GSM-7 `text` within `limit` septets (a fixed part too long on its own). */
function cutToSeptets(text: string, limit: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const cost = extensionSet.has(char) ? 2 : 1;
    if (used + cost > limit) break;
    out += char;
    used += cost;
  }
  return out;
}
