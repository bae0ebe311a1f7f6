import { isoWeekOf, periodsOf } from '@shared/periods';

/* The periods themselves are shared with the web (shared/periods.ts): the draw threshold rule needs the GMT day on both sides. */
export { isoWeekOf, periodsOf };

/** The GMT day `n` days before `at`. */
export function dayBefore(at: Date, n: number): string {
  return new Date(at.getTime() - n * 86_400_000).toISOString().slice(0, 10);
}
