/**
 * Dates as the site shows them: 'MMM d, yyyy' (spec section 9) on the GMT
 * calendar day, the one format of every public page and the server's texts
 * (shared/dates.ts). The staff screens' times, clock and chart days are in
 * lib/staff-dates.ts; no other module formats a date
 * (test/web/staff-money-format.test.tsx keeps it so).
 */
import { formatGmtDay, formatGmtMoment } from '@shared/dates';

/** ISO timestamp or yyyy-MM-dd → "Nov 29, 2024"; unreadable input → ''. */
export const formatGmtDate: (value: string) => string = formatGmtDay;

/** ISO timestamp → "Nov 29, 2024 21:00 GMT": a moment that matters to the minute (a draw's opening and close). */
export const formatGmtTime: (value: string) => string = formatGmtMoment;
