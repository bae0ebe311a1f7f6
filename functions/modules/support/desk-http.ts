import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { actorOf, type Actor } from '../audit';
import { refundOrphanDebit } from '../entries';
import { resendSms } from '../messages';
import { checkView, recordIdentityCheck, refundPayoutId } from '../payouts';
import { oversightMessages } from '@shared/oversight-messages';
import { isDrawId } from '@shared/draw-math';
import { excludeByAdmin, exclusionEnd, exclusionRecord, getExclusion, isExcluded, liftExclusion } from '../players';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { attentionList } from './attention';
import { complaintView } from './complaint-view';
import { numberOf, UUID } from './lookup';
import { playerStory } from './player-story';
import { askProvider } from './provider-status';
import { noteComplaint, resolveComplaint } from './store/complaints';
import { recordDeskStep } from './store/desk-audit';

/**
 * The support desk's routes (DESIGN section 7): admins with the `support`
 * permission and super admins (the shared guard refuses the others). Every
 * look-up is audit-logged before it is answered; every action is confirmed
 * on the screen, carries its reason and writes its audit line with the change.
 */
export function registerSupportDeskRoutes(app: HttpApp<'support'>): void {
  app.on('supportPlayer', async (request) => {
    const { by, q } = request.query;
    const msisdn = await numberOf(by, q);
    await recordDeskStep(
      {
        ...actorOf(request),
        action: 'support.lookup',
        target: msisdn ? `player:${msisdn}` : `lookup:${by}`,
        after: { by, query: q, found: msisdn !== undefined },
      },
      request.now,
    );
    if (!msisdn) throw notFound(messages.support.notFound);
    return playerStory(msisdn, request.now);
  });

  app.on('supportProviderStatus', async (request) => {
    const answer = await askProvider(idIn(request.params.entryId, messages.support.entryNotFound), request.now);
    if (!answer) throw notFound(messages.support.entryNotFound);
    await recordDeskStep(
      {
        ...reasoned(request, request.body.reason),
        action: 'support.provider-status',
        target: `entry:${answer.entry_id}`,
        after: { status: answer.status, ...(answer.reason ? { reason: answer.reason } : {}) },
      },
      request.now,
    );
    return answer;
  });

  app.on('supportRefund', async (request) => {
    const entryId = idIn(request.params.entryId, messages.support.entryNotFound);
    const outcome = await refundOrphanDebit(entryId, reasoned(request, request.body.reason), request.now);
    switch (outcome) {
      case 'refunded':
        return { message: messages.support.refunded, outcome: 'refunded' as const, payout_id: refundPayoutId(entryId) };
      case 'resolved':
        return { message: messages.support.alreadyRefunded, outcome: 'already-resolved' as const };
      case 'unknown':
        throw notFound(messages.support.entryNotFound);
      case 'not-orphan':
        throw conflict(messages.support.refundNotOrphan);
      case 'not-paid':
        throw conflict(messages.support.refundNotPaid);
      case 'unreachable':
        return reply(503, { error: messages.support.providerUnreachable });
    }
  });

  app.on('supportResendSms', async (request) => {
    // the desk may also send again a sent SMS of the player's money story: the caller says it never came
    const outcome = await resendSms(request.params.smsId ?? '', reasoned(request, request.body.reason), request.now, {
      sent: true,
    });
    if (outcome === 'unknown') throw notFound(messages.smsResend.notFound);
    if (outcome === 'sent') return { message: messages.smsResend.alreadySent, state: 'sent' as const };
    return {
      message: outcome === 'reopened' ? messages.smsResend.queued : messages.smsResend.alreadyOwed,
      state: 'pending' as const,
    };
  });

  app.on('supportExclude', async (request) => {
    const msisdn = numberIn(request.params.msisdn);
    const { period, reason } = request.body;
    const held = await excludeByAdmin(
      msisdn,
      { permanent: period === 'permanent', until: exclusionEnd(period, request.now) },
      reasoned(request, reason),
      request.now,
    );
    return { message: messages.support.excluded, Exclusion: exclusionRecord(msisdn, held, request.now) };
  });

  app.on('supportLiftExclusion', async (request) => {
    const msisdn = numberIn(request.params.msisdn);
    if (!isExcluded(await getExclusion(msisdn), request.now)) throw notFound(messages.support.notExcluded);
    await liftExclusion(msisdn, reasoned(request, request.body.reason), request.now);
    return { message: messages.support.lifted, Exclusion: exclusionRecord(msisdn, undefined, request.now) };
  });

  app.on('supportNoteComplaint', async (request) => {
    const { mobile_number, entry_id, summary, resolution } = request.body;
    const complaint = await noteComplaint(
      {
        msisdn: numberIn(mobile_number),
        ...(entry_id ? { entryId: entry_id } : {}),
        summary,
        ...(resolution ? { resolution } : {}),
      },
      actorOf(request),
      request.now,
    );
    return reply(201, { message: messages.support.complaintNoted, Complaint: complaintView(complaint) });
  });

  app.on('supportResolveComplaint', async (request) => {
    const outcome = await resolveComplaint(
      idIn(request.params.complaintId, messages.support.complaintNotFound),
      request.body.resolution,
      actorOf(request),
      request.now,
    );
    if (!outcome) throw notFound(messages.support.complaintNotFound);
    if (outcome === 'resolved') throw conflict(messages.support.alreadyResolved);
    return { message: messages.support.complaintResolved, Complaint: complaintView(outcome) };
  });

  app.on('supportIdentityCheck', async (request) => {
    const { mobile_number, identity_check, notes } = request.body;
    const check = await recordIdentityCheck(
      {
        drawId: drawIdIn(request.params.drawId),
        msisdn: mobile_number,
        identityCheck: identity_check,
        ...(notes ? { notes } : {}),
      },
      actorOf(request),
      request.now,
    );
    return { message: oversightMessages.heldPrizes.checkRecorded, identity_check: checkView(check) };
  });

  app.on('supportAttention', async (request) => ({ Items: await attentionList(request.now) }));
}

/** Entry and complaint ids are UUIDs: anything else names nothing (a 404, never a key the table refuses). */
function idIn(input: string | undefined, unknown: string): string {
  if (!input || !UUID.test(input)) throw notFound(unknown);
  return input.toLowerCase();
}

function drawIdIn(input: string | undefined): string {
  if (!input || !isDrawId(input)) throw notFound(oversightMessages.heldPrizes.notFound);
  return input;
}

const reasoned = (request: GuardedRequest, reason: string): Actor => ({ ...actorOf(request), reason });

function numberIn(input: string | undefined): string {
  const msisdn = normalizeMobileNumber(input ?? '');
  if (!msisdn) throw badRequest(INVALID_MOBILE_NUMBER, { mobile_number: INVALID_MOBILE_NUMBER });
  return msisdn;
}
