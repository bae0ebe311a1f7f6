import { periodsOf } from './periods';

/**
 * The threshold draw's rule (DESIGN section 4; spec section 5), one definition
 * for the server, which refuses a draw below it, and the staff screens, whose
 * Conduct Draw is off below it. The screens take `required` from the server's
 * figures (`required_entries`, `RequiredEntries`), computed here. Pure.
 */

export interface ThresholdTerms {
  threshold: number;
  startingThreshold: number;
  /** The GMT day of the promotion's last draw, if any. */
  lastDrawDay?: string;
}

/**
 * Entries a threshold draw needs: the first draw of a GMT day needs
 * `startingThreshold`, later draws that day `threshold` — and a draw always
 * needs at least one entry to pick.
 */
export function requiredEntries(terms: ThresholdTerms, now: Date): number {
  const drawnToday = terms.lastDrawDay === periodsOf(now).day;
  return Math.max(1, drawnToday ? terms.threshold : terms.startingThreshold);
}

/** Whether a window holding `entries` may be drawn: it holds what the draw needs. */
export const thresholdReached = (entries: number, required: number): boolean => entries >= required;
