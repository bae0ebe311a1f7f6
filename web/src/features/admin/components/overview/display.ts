import { format } from 'date-fns';

/* Money on the admin views is written by web/src/lib/staff-money.ts (issue 21 item 3). */

/** ISO time → 'Nov 29, 2024 14:05' (the spec's 'MMM d, yyyy' plus the time); '' when unreadable. */
export function dateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format(at, 'MMM d, yyyy HH:mm');
}
