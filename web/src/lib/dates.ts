/**
 * Dates as the site shows them: 'MMM d, yyyy' (spec section 9) on the GMT
 * calendar day, the one format of every public page and the server's texts
 * (shared/dates.ts). Staff portals' clocks and charts use date-fns.
 */
import { formatGmtDay } from '../../../shared/dates';

/** ISO timestamp or yyyy-MM-dd → "Nov 29, 2024"; unreadable input → ''. */
export const formatGmtDate: (value: string) => string = formatGmtDay;
