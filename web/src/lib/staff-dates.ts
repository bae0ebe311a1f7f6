/**
 * Dates and times on the staff screens, in the site's one date format
 * (web/src/lib/dates.ts, spec section 9's 'MMM d, yyyy'), on the GMT day and
 * clock so a time and the day beside it never disagree.
 * Apart from lib/dates.ts so the public pages' bundle does not carry it
 * (DESIGN section 9: the home page's 90 KB budget).
 */
import { formatGmtDate } from './dates';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const twoDigits = (value: number): string => String(value).padStart(2, '0');
const gmtTime = (instant: Date): string => `${twoDigits(instant.getUTCHours())}:${twoDigits(instant.getUTCMinutes())}`;

/**
 * ISO timestamp → "Nov 29, 2024 14:05" (GMT), or with `seconds` "Nov 29, 2024 14:05:09" where lines a
 * minute apart must still read in order (the audit log, a player's entries); unreadable input → ''.
 */
export function dateTime(value: string, options: { seconds?: boolean } = {}): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const seconds = options.seconds ? `:${twoDigits(instant.getUTCSeconds())}` : '';
  return `${formatGmtDate(value)} ${gmtTime(instant)}${seconds}`;
}

/** The staff clock: "Friday, Nov 29, 2024 · 14:05:09" (GMT). */
export function clockText(now: Date): string {
  return `${WEEKDAYS[now.getUTCDay()]}, ${formatGmtDate(now.toISOString())} · ${gmtTime(now)}:${twoDigits(now.getUTCSeconds())}`;
}

/** A chart's day label without the year: yyyy-MM-dd or ISO → "Nov 29"; unreadable input → ''. */
export function chartDay(value: string): string {
  const day = formatGmtDate(value); // "Nov 29, 2024"
  const comma = day.lastIndexOf(',');
  return comma < 0 ? day : day.slice(0, comma);
}
