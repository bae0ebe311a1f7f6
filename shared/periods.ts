/** Shared by the functions (functions/platform/periods.ts) and the web's period picker. */

/** ISO-8601 week (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(at: Date): string {
  const date = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

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
