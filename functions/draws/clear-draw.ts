import { messages } from '../../shared/messages';
import { conflict, notFound } from '../lib/errors';
import { getAssignment, listAssignments } from '../store/assignments';
import type { AuditEntry } from '../store/audit';
import { findPartnerBySearchString, listPartners, type Partner } from '../store/partners';
import { getPromotion } from '../store/promotions';
import { backoff, closeWindow } from './close-window';
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
  if (named.length > 1) throw conflict(messages.draw.ambiguousPartner);
  if (!named[0]) throw notFound(messages.draw.unknownPartnerToClear);
  return named[0];
}

/**
 * Clear draw (DESIGN section 4; issue 6 item 2): close the current window of
 * each of the partner's active promotions without a winner. Its entries can
 * no longer win; the record reveals the seed like any draw; nothing else
 * changes (no counters, and the day's first-draw rule is untouched).
 * Returns how many windows holding entries were closed.
 */
export async function clearPartnerDraws(partner: Partner, actor: StaffActor, now: Date): Promise<number> {
  const assignments = (await listAssignments(partner.id)).filter((a) => a.kind === 'partner' && a.status === 'active');
  let cleared = 0;
  for (const assignment of assignments) if (await clearWindow(assignment.id, actor, now)) cleared += 1;
  return cleared;
}

/** Close one assignment's current window (bound to the window first read); false if it had nothing to clear. */
async function clearWindow(assignmentId: string, actor: StaffActor, now: Date): Promise<boolean> {
  let window: number | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const assignment = await getAssignment(assignmentId);
    if (!assignment) return false;
    window ??= assignment.windowNo;
    // a draw closed it meanwhile, or it holds nothing
    if (assignment.windowNo !== window || assignment.windowCount === 0) return false;
    const seed = await committedSeedOf(assignment, now);
    if (!seed) continue; // an old window just got its seed: read it again (a clear picks nothing, so it may go on)
    const promotionTitle = (await getPromotion(assignment.promotionId))?.title ?? '';
    const result = await closeWindow({
      assignment,
      seed,
      kind: 'cleared',
      game: 'partner',
      promotionTitle,
      firstSeq: 1,
      noWinner: true,
      prizeLrdCents: 0,
      actor,
      auditAction: 'draw.clear',
      now,
    });
    if (result.closed) return true;
    if (result.failure === 'already-drawn' || result.failure === 'marker-taken') return false;
    if (attempt >= MAX_ATTEMPTS) throw conflict(messages.draw.tooBusy);
    await backoff(attempt);
  }
}
