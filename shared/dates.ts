/**
 * The one date format of the public pages and their server texts: the spec's
 * 'MMM d, yyyy' (spec section 9), "Nov 24, 2026", on the GMT calendar day —
 * Liberia keeps GMT all year (DESIGN section 1), so a visitor abroad sees the
 * same day as a player in Monrovia. No Intl or date-fns: the home page's 90 KB
 * budget (DESIGN section 9) and a server text that never depends on the runtime's locale data.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** ISO timestamp or yyyy-MM-dd → "Nov 24, 2026"; unreadable input → ''. */
export function formatGmtDay(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return `${MONTHS[instant.getUTCMonth()]} ${instant.getUTCDate()}, ${instant.getUTCFullYear()}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const twoDigits = (value: number): string => String(value).padStart(2, '0');
const gmtTime = (instant: Date): string => `${twoDigits(instant.getUTCHours())}:${twoDigits(instant.getUTCMinutes())}`;

/*
 * The staff screens write dates in the same family (issue 21 item 3: one date
 * format), also on the GMT day and clock, so a time and the day beside it
 * never disagree.
 */

/** ISO timestamp → "Nov 24, 2026 21:05": the day as formatGmtDay, then the GMT time; unreadable input → ''. */
export function formatGmtDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return `${formatGmtDay(value)} ${gmtTime(instant)}`;
}

/** A ticking clock's text, "Tuesday, Nov 24, 2026 · 21:05:09" (GMT). */
export function formatGmtClock(now: Date): string {
  return `${WEEKDAYS[now.getUTCDay()]}, ${formatGmtDay(now.toISOString())} · ${gmtTime(now)}:${twoDigits(now.getUTCSeconds())}`;
}

/** A chart's day label without the year: yyyy-MM-dd or ISO → "Nov 24"; unreadable input → ''. */
export function formatGmtMonthDay(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return `${MONTHS[instant.getUTCMonth()]} ${instant.getUTCDate()}`;
}
