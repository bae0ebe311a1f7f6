/**
 * Dates as the site and the staff screens show them: the spec's 'MMM d, yyyy'
 * (spec section 9) on the GMT calendar day, with the GMT time where a screen
 * needs one (shared/dates.ts, also the server's texts). Every date on a page
 * goes through here: no date-fns `format` or toLocale*String elsewhere
 * (test/web/staff-money-format.test.tsx keeps it so).
 */
import { formatGmtClock, formatGmtDateTime, formatGmtDay, formatGmtMonthDay } from '../../../shared/dates';

/** ISO timestamp or yyyy-MM-dd → "Nov 29, 2024"; unreadable input → ''. */
export const formatGmtDate: (value: string) => string = formatGmtDay;

/** ISO timestamp → "Nov 29, 2024 14:05" (GMT); unreadable input → ''. */
export const dateTime: (value: string) => string = formatGmtDateTime;

/** The staff clock: "Friday, Nov 29, 2024 · 14:05:09" (GMT). */
export const clockText: (now: Date) => string = formatGmtClock;

/** A chart's day label: "Nov 29". */
export const chartDay: (day: string) => string = formatGmtMonthDay;
