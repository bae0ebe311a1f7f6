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

/** ISO timestamp → "Nov 24, 2026 21:00 GMT" (a draw's opening and closing, a limit's start); unreadable input → ''. */
export function formatGmtMoment(value: string): string {
  const day = formatGmtDay(value);
  return day && `${day} ${new Date(value).toISOString().slice(11, 16)} GMT`;
}
