import type { ExclusionRecord } from '@shared/api/schemas/players';
import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { exclusionEnd } from './responsible-play';
import { actorOf } from '../audit';
import { badRequest, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import {
  excludeByAdmin,
  getExclusion,
  isExcluded,
  liftExclusion,
  listExclusions,
  type Exclusion,
} from './store/players';
import { resendSms } from '../messages';

/**
 * An admin excludes a number from play, for a period or for good, or lifts
 * its exclusion (DESIGN section 7); each change carries its audit line. Every
 * entry path then refuses the number (functions/modules/entries/start-entry.ts).
 */
export function registerPlayerRoutes(app: HttpApp<'players'>): void {
  app.on('playerExclusions', async (request) => ({
    Exclusions: (await listExclusions(request.now)).map(({ msisdn, exclusion }) =>
      exclusionRecord(msisdn, exclusion, request.now),
    ),
  }));

  app.on('playerExclusion', async (request) => {
    const msisdn = numberOf(request.query.mobile_number);
    return { Exclusion: exclusionRecord(msisdn, await getExclusion(msisdn), request.now) };
  });

  app.on('excludePlayer', async (request) => {
    const input = request.body;
    const msisdn = numberOf(input.mobile_number);
    const held = await excludeByAdmin(
      msisdn,
      { permanent: input.period === 'permanent', until: exclusionEnd(input.period, request.now) },
      actorOf(request),
      request.now,
    );
    return { message: messages.responsiblePlay.excluded, Exclusion: exclusionRecord(msisdn, held, request.now) };
  });

  app.on('liftPlayerExclusion', async (request) => {
    const msisdn = numberOf(request.body.mobile_number);
    if (!(await liftExclusion(msisdn, actorOf(request), request.now)))
      throw notFound(messages.responsiblePlay.notExcluded);
    return { message: messages.responsiblePlay.lifted, Exclusion: exclusionRecord(msisdn, undefined, request.now) };
  });

  app.on('resendSms', async (request) => {
    const outcome = await resendSms(request.params.smsId ?? '', actorOf(request), request.now);
    if (outcome === 'unknown') throw notFound(messages.smsResend.notFound);
    if (outcome === 'sent') return { message: messages.smsResend.alreadySent, state: 'sent' as const };
    return {
      message: outcome === 'reopened' ? messages.smsResend.queued : messages.smsResend.alreadyOwed,
      state: 'pending' as const,
    };
  });
}

function numberOf(input: string): string {
  const msisdn = normalizeMobileNumber(input);
  if (!msisdn) throw badRequest(INVALID_MOBILE_NUMBER, { mobile_number: INVALID_MOBILE_NUMBER });
  return msisdn;
}

/** Where a number stands, as the exclusion routes answer it (the support desk's too). */
export function exclusionRecord(msisdn: string, exclusion: Exclusion | undefined, now: Date): ExclusionRecord {
  const excluded = isExcluded(exclusion, now);
  return {
    mobile_number: msisdn,
    excluded,
    permanent: excluded && exclusion.permanent,
    ...(excluded
      ? { by: exclusion.by, since: exclusion.since, ...(exclusion.until ? { until: exclusion.until } : {}) }
      : {}),
  };
}
