/**
 * Liberian mobile numbers (DESIGN section 1): 231 + 9 digits. Accepts
 * 0777123456, 777123456, +231 777 123 456, 231777123456; stores 231777123456.
 */
export type MobileNetwork = 'orange' | 'lonestar';

const PREFIX_NETWORK: Record<string, MobileNetwork> = {
  '77': 'orange',
  '88': 'lonestar',
  '55': 'lonestar',
};

export const INVALID_MOBILE_NUMBER =
  'Enter a Liberian mobile number such as 0777123456 (Orange 077, Lonestar MTN 088 or 055).';

export function normalizeMobileNumber(input: string): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  if (digits.startsWith('231') && digits.length === 12) digits = digits.slice(3);
  else if (digits.startsWith('0') && digits.length === 10) digits = digits.slice(1);
  if (digits.length !== 9) return null;
  if (!PREFIX_NETWORK[digits.slice(0, 2)]) return null;
  return `231${digits}`;
}

export function networkOf(msisdn: string): MobileNetwork | null {
  return PREFIX_NETWORK[msisdn.slice(3, 5)] ?? null;
}

/** Public outputs keep the first four and last two characters (DESIGN section 7). */
export function maskMobileNumber(value: string): string {
  if (value.length <= 6) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 6)}${value.slice(-2)}`;
}

/** A stored number (231XXXXXXXXX) as players dial it at home: 0770123456. */
export const nationalNumber = (msisdn: string): string => `0${msisdn.slice(3)}`;
