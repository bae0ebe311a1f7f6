import { formatMoney } from '@shared/money';

/**
 * An audit line's before and after in words, one change a line: "price
 * 100.00 → 150.00 LRD", never raw JSON with cents. Money fields (…Cents,
 * their currency in the name or the record's `currency`) go through the one
 * money formatter; basis points (…Bp) read as percentages; nested records
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
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
}

function currencyOf(key: string, record: Record_ | undefined): string {
  const named = /(Lrd|Usd)Cents$/.exec(key)?.[1];
  if (named) return named.toUpperCase();
  return typeof record?.currency === 'string' ? record.currency : 'LRD';
}

function shown(key: string, value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'number' && key.endsWith('Cents')) return formatMoney(value);
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
    const unit = key.endsWith('Cents') ? ` ${currencyOf(key, after ?? before)}` : '';
    if (!before || !(key in before)) return [`${name} now ${shown(key, now)}${unit}`];
    if (!after || !(key in after)) return [`${name} was ${shown(key, was)}${unit}`];
    return [`${name} ${shown(key, was)} → ${shown(key, now)}${unit}`];
  });
}
