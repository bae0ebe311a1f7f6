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
