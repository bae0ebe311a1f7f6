import { isoWeekOf } from '../../shared/periods';

export { isoWeekOf };

/**
 * Reporting periods in GMT (DESIGN section 1: Liberia keeps GMT all year, so
 * a "day" is a UTC day): day 2026-11-21, ISO week 2026-W47, month 2026-11,
 * year 2026.
 */
export interface Periods {
  day: string;
  week: string;
  month: string;
  year: string;
}

export function periodsOf(at: Date): Periods {
  const iso = at.toISOString();
  return { day: iso.slice(0, 10), week: isoWeekOf(at), month: iso.slice(0, 7), year: iso.slice(0, 4) };
}

/** The GMT day `n` days before `at`. */
export function dayBefore(at: Date, n: number): string {
  return new Date(at.getTime() - n * 86_400_000).toISOString().slice(0, 10);
}
