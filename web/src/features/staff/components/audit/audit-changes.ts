import { formatMoney } from '@shared/money';
import { formatStaffLrd, formatStaffUsd } from '@web/lib/staff-money';

/**
 * An audit line's before and after in words, one change a line: "price
 * L$ 100.00 → L$ 150.00", never raw JSON with cents. Money fields (…Cents,
 * their currency in the name or the record's `currency`) go through the one
 * staff money formatter (L$ / US$, never confused); basis points (…Bp) read
 * as percentages; nested records
 * (a house game's settings) name their part ("daily price …"). A field only
 * before or only after reads "was …" or "now …".
 */
type Record_ = Record<string, unknown>;

const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** camelCase → words ("basePrizeLrdCents" → "base prize"), without the unit suffixes a value carries itself. */
function label(key: string): string {
  return key
    .replace(/(Lrd|Usd)?Cents$/, '')
    .replace(/Bp$/, '')
    .replace(/([a-z0-9])([A-Z])/g, (_, last: string, next: string) => `${last} ${next}`)
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
}

function currencyOf(key: string, record: Record_ | undefined): string {
  const named = /(Lrd|Usd)Cents$/.exec(key)?.[1];
  if (named) return named.toUpperCase();
  return typeof record?.currency === 'string' ? record.currency : 'LRD';
}

function shown(key: string, value: unknown, currency: string): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'number' && key.endsWith('Cents'))
    return currency === 'USD'
      ? formatStaffUsd(value)
      : currency === 'LRD'
        ? formatStaffLrd(value)
        : `${formatMoney(value)} ${currency}`;
  if (typeof value === 'number' && key.endsWith('Bp')) return `${formatMoney(value)}%`;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function auditChanges(before: Record_ | undefined, after: Record_ | undefined, prefix = ''): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key) => {
    const was = before?.[key];
    const now = after?.[key];
    if (JSON.stringify(was) === JSON.stringify(now)) return [];
    const name = `${prefix}${label(key)}`;
    if (isRecord(was) || isRecord(now))
      return auditChanges(isRecord(was) ? was : undefined, isRecord(now) ? now : undefined, `${name} `);
    const currency = currencyOf(key, after ?? before);
    if (!before || !(key in before)) return [`${name} now ${shown(key, now, currency)}`];
    if (!after || !(key in after)) return [`${name} was ${shown(key, was, currency)}`];
    return [`${name} ${shown(key, was, currency)} → ${shown(key, now, currency)}`];
  });
}
