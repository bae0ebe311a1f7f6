import type { BroadcastState } from '@shared/api/schemas/on-air';
import { requiredEntries, thresholdReached } from '@shared/draw-threshold';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { drawCodePagePath } from '@shared/fairness/draw-code';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { actorOf } from '../audit';
import { getAssignment, getPromotion, type Assignment } from '../catalog';
import { getDraw } from '../draw-records';
import { forbidden, notFound } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { uniqueOwner, type Announcer } from '../staff';
import { getBroadcastClose } from './store/broadcast';
import { conductThresholdDraw, todaysWindowEntries } from './threshold-draw';

/** A close whose round passed this long ago without a record did not commit: the screen is back at "open". */
const STALE_CLOSE_MS = 60_000;

/**
 * The broadcast draw screen's routes (issue 36): its state comes from the server at every step, and its
 * one button starts the close — a threshold draw whose draw code is fixed before its round exists.
 */
export function registerBroadcastRoutes(app: HttpApp<'announcer'>): void {
  app.on('announcerBroadcast', async (request) => {
    const assignment = await announcersAssignment(request, request.params.shared_code ?? '');
    return broadcastStateOf(assignment, request.now);
  });

  app.on('announcerBroadcastClose', async (request) => {
    const assignment = await announcersAssignment(request, request.params.shared_code ?? '');
    const announcer = request.user as Announcer;
    if (!announcer.lastCheckIn) throw forbidden(messages.draw.notCheckedIn);
    await conductThresholdDraw({
      assignmentId: assignment.id,
      actor: actorOf(request),
      now: request.now,
      announcerId: announcer.id,
      broadcast: true,
    });
    return broadcastStateOf((await getAssignment(assignment.id))!, new Date());
  });
}

/** The promotion named by its shared code: one of the announcer's own partner's (as the announcer's draw). */
async function announcersAssignment(request: GuardedRequest, sharedCode: string): Promise<Assignment> {
  const announcer = request.user as Announcer;
  const assignmentId = /^\d{3,10}$/.test(sharedCode) ? await uniqueOwner('sharedCode', sharedCode) : undefined;
  const assignment = assignmentId ? await getAssignment(assignmentId) : undefined;
  if (!assignment || assignment.kind !== 'partner') throw notFound(messages.draw.unknownPromotion);
  if (!announcer.partnerId || assignment.partnerId !== announcer.partnerId) throw forbidden(messages.draw.otherPartner);
  return assignment;
}

async function broadcastStateOf(assignment: Assignment, now: Date): Promise<BroadcastState> {
  const [close, promotion, todays] = await Promise.all([
    getBroadcastClose(assignment.id),
    getPromotion(assignment.promotionId),
    todaysWindowEntries(assignment, now),
  ]);
  const required = requiredEntries(assignment, now);
  const state: BroadcastState = {
    step: 'open',
    promotion_title: promotion?.title ?? '',
    shared_code: assignment.sharedCode ?? '',
    server_time: now.toISOString(),
    window: {
      entries: todays,
      stake_lrd: formatMoney(assignment.windowValueLrdCents ?? 0),
      required,
      met: thresholdReached(todays, required),
    },
    close: null,
    winner: null,
  };
  if (!close) return state;
  const fixed = {
    draw_id: close.drawId,
    draw_code: close.drawCode,
    entry_count: close.entryCount,
    stake_lrd: formatMoney(close.stakeLrdCents),
    merkle_root: close.merkleRoot,
    round: close.round,
    round_at: close.roundAt,
    closed_at: close.closedAt,
  };
  if (close.windowNo === assignment.windowNo) {
    const fresh = now.getTime() - Date.parse(close.roundAt) < STALE_CLOSE_MS;
    return fresh ? { ...state, step: 'closing', close: fixed } : state;
  }
  const record = await getDraw(close.drawId);
  if (!record || record.drawCode !== close.drawCode || !record.winnerMsisdn || record.winningSeq === undefined)
    return state;
  return {
    ...state,
    step: 'revealed',
    close: fixed,
    winner: {
      masked_number: maskMobileNumber(record.winnerMsisdn),
      ticket: record.winnerTicket ?? '',
      winning_seq: record.winningSeq,
      short_path: drawCodePagePath(close.drawCode),
      record_path: drawRecordPagePath(record.id),
    },
  };
}
