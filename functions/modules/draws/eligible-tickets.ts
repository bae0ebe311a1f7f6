import type { Assignment } from '../catalog';
import { getEntry, getWindowEntry } from '../entries';

/**
 * The first sequence number of a house window whose ticket is still valid
 * for a draw whose tickets were bought from `validFrom` on (house-schedule.ts:
 * a ticket whose draw day was missed has expired). Sequence numbers follow
 * settlement order, so the expired tickets are a prefix of the window.
 *
 * On time — the window opened at or after `validFrom` — that is 1, with no
 * read. Only after a missed draw day does it search, reading O(log n) entries.
 */
export async function firstValidSeq(
  assignment: Pick<Assignment, 'id' | 'windowNo' | 'windowCount' | 'windowOpenedAt'>,
  validFrom: Date,
): Promise<number> {
  if (assignment.windowCount === 0 || Date.parse(assignment.windowOpenedAt) >= validFrom.getTime()) return 1;
  let lo = 1;
  let hi = assignment.windowCount + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await paidAtOf(assignment, mid)) >= validFrom.getTime()) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The last sequence number of a house window whose ticket was paid before the draw moment (the one
 * late-ticket rule, house-schedule.ts ticketDrawDay: a ticket paid from the moment on is in the next draw,
 * however late the job runs). Seqs follow payment times (settlement books none before the assignment's
 * lastPaidAt), so the late tickets are a suffix of the window.
 *
 * On time — the newest ticket was paid before the moment — that is windowCount, with no read. Only when a
 * ticket settled between the moment and the run does it search, reading O(log n) entries.
 */
export async function lastValidSeq(
  assignment: Pick<Assignment, 'id' | 'windowNo' | 'windowCount' | 'lastPaidAt'>,
  drawMoment: Date,
): Promise<number> {
  const { windowCount, lastPaidAt } = assignment;
  if (windowCount === 0 || (lastPaidAt !== undefined && Date.parse(lastPaidAt) < drawMoment.getTime()))
    return windowCount;
  // the answer is in lo..hi: 0 when every ticket is late
  let lo = 0;
  let hi = windowCount;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await paidAtOf(assignment, mid)) < drawMoment.getTime()) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

async function paidAtOf(assignment: Pick<Assignment, 'id' | 'windowNo'>, seq: number): Promise<number> {
  const held = await getWindowEntry(assignment.id, assignment.windowNo, seq);
  const entry = held ? await getEntry(held.entryId) : undefined;
  if (!entry?.paidAt) throw new Error(`window ${assignment.id}#${assignment.windowNo} has no paid entry at seq ${seq}`);
  return Date.parse(entry.paidAt);
}
