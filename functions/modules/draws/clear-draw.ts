import { PARTNER_GAME } from '@shared/games';
import { messages } from '@shared/messages';
import { refuseConflict, refuseMissing } from '../../platform/refusal';
import { drawIdOf } from '@shared/draw-math';
import { getAssignment, listAssignments, type Assignment, type ClearMode, getPromotion } from '../catalog';
import type { AuditEntry } from '../audit';
import { findPartnerBySearchString, listPartners, type Partner } from '../staff';
import { getDraw } from '../draw-records';
import { moveClearedEntries } from './clear-entries';
import { closeWindow, WINDOW_BACKOFF } from './close-window';
import { contended, readAgain, retryOnConflict } from '../../platform/retry';
import { committedSeedOf } from './window-seed-of';

type StaffActor = Omit<AuditEntry, 'action' | 'target' | 'before' | 'after'>;

const MAX_ATTEMPTS = 25;

/**
 * The partner a clear names (spec section 7: the body's `partnerUsername`).
 * Its unique SearchString is what the portal sends; a Username is accepted
 * too, but only when exactly one partner has it: usernames are not unique,
 * and clearing the wrong partner's draw cannot be undone.
 */
export async function partnerToClear(name: string): Promise<Partner> {
  const byCode = await findPartnerBySearchString(name);
  if (byCode) return byCode;
  const wanted = name.trim().toLowerCase();
  const named = (await listPartners()).filter((p) => p.username.trim().toLowerCase() === wanted);
  if (named.length > 1) throw refuseConflict(messages.draw.ambiguousPartner);
  if (!named[0]) throw refuseMissing(messages.draw.unknownPartnerToClear);
  return named[0];
}

/** One promotion a clear affects, and its paid tickets (what the admin's dialog shows first). */
export interface ClearTarget {
  assignment: Assignment;
  promotionTitle: string;
  paidTickets: number;
}

/** The partner's active promotions and the paid tickets in each one's current draw window: what a clear carries or refunds. */
export async function clearTargets(partner: Partner): Promise<ClearTarget[]> {
  const assignments = (await listAssignments(partner.id)).filter((a) => a.kind === 'partner' && a.status === 'active');
  return Promise.all(
    assignments.map(async (assignment) => ({
      assignment,
      promotionTitle: (await getPromotion(assignment.promotionId))?.title ?? '',
      paidTickets: assignment.windowCount,
    })),
  );
}

/** What a clear did: windows closed, and the paid tickets it carries or refunds. */
export interface ClearOutcome {
  promotions: number;
  tickets: number;
}

/**
 * Clear draw (DESIGN section 4 "Clear draw"): close the current window
 * of each of the partner's active promotions without a winner. Its paid entries are never silently lost:
 * by default they are carried into the next window (the record reveals the seed like any draw, and
 * the next draw's record covers them), or refunded; every player is told by SMS; the audit line
 * records the mode and count. Nothing else changes (no counters; the day's first-draw rule is untouched).
 * The request only closes: each close queues its refunds and SMS for the finish-clears job in the same
 * transaction (functions/modules/draws/finish-clears.ts), so a clear of any size answers within its Lambda's time.
 */
export async function clearPartnerDraws(
  partner: Partner,
  mode: ClearMode,
  actor: StaffActor,
  now: Date,
): Promise<ClearOutcome> {
  const assignments = (await listAssignments(partner.id)).filter((a) => a.kind === 'partner' && a.status === 'active');
  const outcome: ClearOutcome = { promotions: 0, tickets: 0 };
  for (const assignment of assignments) {
    const tickets = await clearWindow(assignment.id, mode, actor, now);
    if (tickets === undefined) continue;
    outcome.promotions += 1;
    outcome.tickets += tickets;
  }
  return outcome;
}

/**
 * Close one assignment's current window (bound to the window first read), queueing its entries' carry or
 * refund; the count of them, or undefined if it had nothing to clear. Entries a close left moving (a
 * carrying clear's, not yet moved) are moved first.
 */
async function clearWindow(
  assignmentId: string,
  mode: ClearMode,
  actor: StaffActor,
  now: Date,
): Promise<number | undefined> {
  let window: number | undefined;
  return retryOnConflict(
    async () => {
      const assignment = await getAssignment(assignmentId);
      if (!assignment) return undefined;
      if (assignment.clearPending) {
        await moveClearedEntries(assignment, now);
        return readAgain;
      }
      window ??= assignment.windowNo;
      // a draw closed it meanwhile, it holds nothing, or (carrying) nothing but what the last clear carried into it
      if (
        assignment.windowNo !== window ||
        assignment.windowCount === 0 ||
        (mode === 'carry' && (await onlyCarried(assignment)))
      )
        return undefined;
      const seed = await committedSeedOf(assignment, now);
      if (!seed) return readAgain; // an old window just got its seed: read it again (a clear picks nothing, so it may go on)
      const promotionTitle = (await getPromotion(assignment.promotionId))?.title ?? '';
      const clear = { windowNo: assignment.windowNo, mode, count: assignment.windowCount };
      const result = await closeWindow({
        assignment,
        seed,
        kind: 'cleared',
        game: PARTNER_GAME,
        promotionTitle,
        firstSeq: 1,
        noWinner: true,
        prizeLrdCents: 0,
        clear,
        actor,
        auditAction: 'draw.clear',
        now,
      });
      // its players are refunded or told by the finish-clears job, queued by the close (DESIGN section 8: no provider call here)
      if (result.closed) return clear.count;
      if (result.failure === 'already-drawn' || result.failure === 'marker-taken') return undefined;
      return contended();
    },
    { attempts: MAX_ATTEMPTS, ...WINDOW_BACKOFF, exhausted: () => refuseConflict(messages.draw.tooBusy) },
  );
}

/**
 * The window holds nothing but the entries the clear before it carried in: clearing it again would
 * only carry them again (a retried or doubled clear is one clear).
 */
async function onlyCarried(assignment: Assignment): Promise<boolean> {
  if (assignment.windowNo < 2 || assignment.windowCount === 0) return false;
  const previous = await getDraw(drawIdOf(assignment.id, assignment.windowNo - 1));
  return (
    previous?.kind === 'cleared' && previous.clearMode === 'carry' && previous.windowCount === assignment.windowCount
  );
}
