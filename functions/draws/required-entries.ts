import { periodsOf } from '../domain/periods';
import type { Assignment } from '../store/assignments';

/**
 * Entries a threshold draw needs (DESIGN section 4; spec section 5): the
 * first draw of a GMT day needs `startingThreshold`, later draws that day
 * `threshold` — and a draw always needs at least one entry to pick.
 */
export function requiredEntries(
  assignment: Pick<Assignment, 'threshold' | 'startingThreshold' | 'lastDrawDay'>,
  now: Date,
): number {
  const drawnToday = assignment.lastDrawDay === periodsOf(now).day;
  return Math.max(1, drawnToday ? assignment.threshold : assignment.startingThreshold);
}
