import { PARTNER_GAME } from '@shared/games';
import type { Assignment } from '../catalog';
import type { CloseFixed, WindowClosing } from './close-window';
import { putBroadcastClose } from './store/broadcast';

/**
 * How far ahead an on-air close's beacon round is (issue 36): the draw code is on the screen, and can be
 * read out, at least this long before the round that decides the winner exists. Small enough that the
 * draw still answers within an API function's time (shared/time-budgets.ts: the round is due within
 * this plus one period, 3 s on drand quicknet).
 */
const BROADCAST_LEAD_MS = 3_000;

/**
 * The on-air close's part of a threshold draw: a round a little ahead, and what the close is fixed to
 * (count, stakes, root, round, code) stored before that round is waited for, so the broadcast screen
 * and listeners' lookups show it — and a reload resumes at that step.
 */
export function onAirClose(
  assignment: Assignment,
  title: string,
  firstSeq: number,
  now: Date,
): Pick<WindowClosing, 'leadMs' | 'announce'> {
  return {
    leadMs: BROADCAST_LEAD_MS,
    announce: (fixed: CloseFixed) =>
      putBroadcastClose({
        ...fixed,
        assignmentId: assignment.id,
        windowNo: assignment.windowNo,
        game: PARTNER_GAME,
        title,
        firstSeq,
        stakeLrdCents: assignment.windowValueLrdCents ?? 0,
        startedAt: now.toISOString(),
      }),
  };
}
