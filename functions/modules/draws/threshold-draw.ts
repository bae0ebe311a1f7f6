import { PARTNER_GAME } from '@shared/games';
import { drawIdOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { refuseConflict, refuseMissing, refuseNotAllowed } from '../../platform/refusal';
import { getAssignment, type Assignment, getPromotion } from '../catalog';
import type { AuditEntry } from '../audit';
import { getDraw, type DrawRecord } from '../draw-records';
import { moveClearedEntries } from './clear-entries';
import { closeWindow, WINDOW_BACKOFF, type CloseFixed, type WindowClosing } from './close-window';
import { lateTailOf } from './late-tail';
import { announcerOnDutyCheck, latePending } from './store/draws';
import { contended, readAgain, retryOnConflict } from '../../platform/retry';
import { requiredEntries, thresholdReached } from '@shared/draw-threshold';
import { periodsOf } from '../../platform/periods';
import { readCounters } from '../ledger';
import { committedSeedOf } from './window-seed-of';
import { notifyWinner } from './winner-sms';
import { onAirClose } from './broadcast';

export interface ThresholdDrawInput {
  assignmentId: string;
  actor: Omit<AuditEntry, 'action' | 'target' | 'before' | 'after'>;
  now: Date;
  /** An announcer's draw: it must still be checked in and its partner's when the draw commits. */
  announcerId?: string;
  /** The on-air close (functions/modules/draws/broadcast.ts): its draw code is fixed and shown before its round exists. */
  broadcast?: boolean;
}

/** Rounds against entries settling into the same window before giving up with a 409. */
const MAX_ATTEMPTS = 25;
/** A request this soon after a draw, finding the fresh window empty, is a second press of the same draw. */
const JUST_DRAWN_MS = 10_000;

/**
 * A threshold draw (DESIGN section 4): the announcer's draw
 * and the admin's Conduct Draw both come here. The server decides from its
 * own data: the window must hold the required entries; the winner is the
 * entry at the sequence number the committed seed picks. The request is
 * bound to the window it first reads, so of any number of concurrent
 * requests exactly one draws and the others get 409 — never the next window.
 * An entry settling meanwhile changes the count: then it draws again among
 * the fresh count (the record keeps the count at close) — except on air,
 * where the announced close is kept and the later entries go to the next window.
 */
export async function conductThresholdDraw(input: ThresholdDrawInput): Promise<DrawRecord> {
  let window: number | undefined;
  let promotionTitle: string | undefined;
  // a retry never draws with a beacon round already out (DESIGN section 4, "Fair draws")
  let afterRound: number | undefined;
  // an on-air close, once its code is announced, is kept: entries settling meanwhile go to the next window
  let announced: { fixed: CloseFixed; firstSeq: number } | undefined;
  return retryOnConflict(
    async (attempt) => {
      const assignment = await getAssignment(input.assignmentId);
      if (!assignment) throw refuseMissing(messages.refusals.assignmentNotFound);
      if (assignment.kind !== 'partner') throw refuseConflict(messages.draw.houseGame);
      if (assignment.clearPending) {
        // a clear is still carrying its entries into this window: move them, so the draw sees them all (DESIGN section 4 "Clear draw")
        await moveClearedEntries(assignment, input.now);
        return readAgain;
      }
      window ??= assignment.windowNo;
      if (assignment.windowNo !== window) throw refuseConflict(messages.draw.alreadyConducted);
      const required = requiredEntries(assignment, input.now);
      // DESIGN section 4: the window counts entries since the last draw AND since the start of the GMT day
      const todays = await todaysWindowEntries(assignment, input.now);
      if (!thresholdReached(todays, required)) {
        if (attempt === 1 && (await justDrawn(assignment, input.now)))
          throw refuseConflict(messages.draw.alreadyConducted);
        throw refuseConflict(messages.draw.thresholdNotMet(todays, required));
      }
      const [seed, title] = await Promise.all([
        committedSeedOf(assignment, input.now),
        promotionTitle ?? getPromotion(assignment.promotionId).then((p) => p?.title ?? ''),
      ]);
      if (!seed) throw refuseConflict(messages.draw.noCommitmentYet);
      promotionTitle = title;

      const firstSeq = announced?.firstSeq ?? assignment.windowCount - todays + 1;
      const onAir = await broadcastPart(input, assignment, title, firstSeq, announced, (fixed) => {
        announced = { fixed, firstSeq };
      });
      const result = await closeWindow({
        ...onAir,
        assignment,
        seed,
        kind: 'threshold',
        game: PARTNER_GAME,
        promotionTitle: title,
        // earlier days' undrawn entries are no longer in the draw
        firstSeq,
        prizeLrdCents: assignment.winnerAmountCents,
        actor: input.actor,
        auditAction: 'draw.conduct',
        checks: input.announcerId ? [announcerOnDutyCheck(input.announcerId, assignment.partnerId)] : [],
        now: input.now,
        afterRound,
      });
      if (result.closed) {
        // the entries that settled after the on-air close go on into the next window (their seq items moved)
        if (onAir.tail)
          await moveClearedEntries(
            { ...assignment, clearPending: latePending(assignment.windowNo, onAir.tail) },
            input.now,
          );
        await notifyWinner(result.record, input.now);
        return result.record;
      }
      afterRound = result.round ?? afterRound;
      switch (result.failure) {
        case 'already-drawn':
        case 'marker-taken':
          throw refuseConflict(messages.draw.alreadyConducted);
        case 'check-failed':
          throw refuseNotAllowed(messages.draw.notCheckedIn);
        case 'window-changed':
        case 'busy':
          return contended();
      }
    },
    { attempts: MAX_ATTEMPTS, ...WINDOW_BACKOFF, exhausted: () => refuseConflict(messages.draw.tooBusy) },
  );
}

/**
 * The broadcast close's part (functions/modules/draws/broadcast.ts): the first attempt announces its code;
 * a retry after entries settled keeps that close (`frozen`), with the later entries as the late tail.
 */
async function broadcastPart(
  input: ThresholdDrawInput,
  assignment: Assignment,
  title: string,
  firstSeq: number,
  announced: { fixed: CloseFixed; firstSeq: number } | undefined,
  keep: (fixed: CloseFixed) => void,
): Promise<Partial<WindowClosing>> {
  if (!input.broadcast) return {};
  if (!announced) {
    const part = onAirClose(assignment, title, firstSeq, input.now);
    return {
      ...part,
      announce: async (fixed) => {
        await part.announce?.(fixed);
        keep(fixed);
      },
    };
  }
  // the entries after the announced count: the late tail the retry moves to the next window
  const lastSeq = announced.firstSeq - 1 + announced.fixed.entryCount;
  const tail = await lateTailOf(assignment, lastSeq);
  return { frozen: announced.fixed, lastSeq, ...(tail ? { tail } : {}) };
}

/** The window is empty because a draw (not a clear) closed the previous one moments ago. */
async function justDrawn(assignment: Assignment, now: Date): Promise<boolean> {
  if (assignment.windowCount > 0 || assignment.windowNo < 2) return false;
  if (now.getTime() - Date.parse(assignment.windowOpenedAt) > JUST_DRAWN_MS) return false;
  const previous = await getDraw(drawIdOf(assignment.id, assignment.windowNo - 1));
  return previous?.kind === 'threshold';
}

/**
 * Paid entries of the open window made today (GMT). A window opened today
 * holds only today's; an older one holds today's entries at its end (dense
 * sequence numbers follow settlement order), as many as the assignment's
 * day counter — written in the same transaction as each entry, and the
 * window's close is conditioned on the count read, so the two agree.
 */
export async function todaysWindowEntries(
  assignment: Pick<Assignment, 'id' | 'windowCount' | 'windowOpenedAt'>,
  now: Date,
): Promise<number> {
  const today = periodsOf(now).day;
  if (assignment.windowOpenedAt.slice(0, 10) === today) return assignment.windowCount;
  const [counter] = await readCounters([{ owner: assignment.id, period: 'D', value: today }]);
  return Math.min(assignment.windowCount, counter!.entries);
}
