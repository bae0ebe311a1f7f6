/**
 * Dates as the site shows them: 'MMM d, yyyy' (spec section 9) on the GMT
 * calendar day — Liberia keeps GMT all year (DESIGN section 1), so a visitor
 * abroad sees the same day as a player in Monrovia.
 *
 * The public pages format with the browser's Intl (en-US, UTC), which gives
 * exactly date-fns's 'MMM d, yyyy' output: date-fns' `format` and its locale
 * weigh ~6 KB gzipped, which the home page's 90 KB budget cannot carry
 * (DESIGN section 9). Staff portals use date-fns.
 */
const gmtDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** ISO timestamp or yyyy-MM-dd → "Nov 29, 2024"; unreadable input → ''. */
export function formatGmtDate(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? '' : gmtDay.format(instant);
}
