import { onAirMessages } from '@shared/on-air-messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { drawCheckText } from '../draws';
import { oweSms, resultSmsMessages, smsIdOf } from '../messages';
import { optInResultSms, optOutResultSms } from '../players';

/**
 * What Africa's Talking posts to our SMS callback: a message a player sent to our short code (from, to,
 * text, date, id, linkId), or — when the same URL is set as the app's "Bulk SMS Opt Out" callback — a
 * number that opted out of our sender id by Africa's Talking's own mechanism (senderId, phoneNumber).
 */
export type InboundSms =
  | { kind: 'message'; from: string; text: string; id: string }
  | { kind: 'opt-out'; phoneNumber: string; senderId: string };

export type InboundOutcome = { done: 'answered' | 'opted-out' } | { refused: string };

/** Africa's Talking's message ids: letters, digits, `_` and `-` (ATXid_…). */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,80}$/;
const BAD_MESSAGE_ID = 'The message id is missing or not one Africa’s Talking sends.';

/**
 * Opt-out words, as short codes honour them (the CTIA list, which Africa's Talking's own opt-out also
 * knows): the first word of the SMS, any case.
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

/**
 * An inbound SMS: `DRAW <code>` is answered with the draw's facts, `RESULTS` opts the number in to each
 * draw's result by SMS, STOP (or its like) opts it out at once; anything else is told how to ask. Each answer
 * is owed (sent by the SMS job, as every SMS a function without provider access owes), keyed on Africa's
 * Talking's message id, so a redelivered callback is answered once.
 *
 * STOP stops what we send unasked: result SMS (marketing, by the regulated practice of short codes). The SMS a
 * player's own act causes — ticket, winner, refund, a prize held, an answer to their own request — are
 * transactional and still go: they are the record of their money, and a winner must hear how to claim.
 *
 * A body we cannot act on (no valid Liberian number, no message id) is refused whole, changing nothing.
 */
export async function answerInboundSms(sms: InboundSms, now: Date): Promise<InboundOutcome> {
  if (sms.kind === 'opt-out') {
    const msisdn = normalizeMobileNumber(sms.phoneNumber);
    if (!msisdn) return { refused: INVALID_MOBILE_NUMBER };
    // no answer: Africa's Talking blocks our sender id to the number from now on
    await optOutResultSms(msisdn);
    return { done: 'opted-out' };
  }
  const msisdn = normalizeMobileNumber(sms.from);
  if (!msisdn) return { refused: INVALID_MOBILE_NUMBER };
  if (!MESSAGE_ID.test(sms.id)) return { refused: BAD_MESSAGE_ID };
  const ref = `${msisdn}-${sms.id}`;
  const word = (/^\s*([A-Za-z]+)/.exec(sms.text)?.[1] ?? '').toUpperCase();
  if (word === 'DRAW') {
    const code = sms.text.replace(/^\s*DRAW\b\s*/i, '').trim();
    const text = await drawCheckText(code, msisdn, now);
    await oweSms({ id: smsIdOf('draw-check', ref), purpose: 'draw-check', ref, to: msisdn, text }, now);
    return { done: 'answered' };
  }
  if (word === resultSmsMessages.optInKeyword || STOP_WORDS.has(word)) {
    const text = await resultsKeyword(msisdn, word, now);
    await oweSms({ id: smsIdOf('results-keyword', ref), purpose: 'results-keyword', ref, to: msisdn, text }, now);
    return { done: 'answered' };
  }
  const text = onAirMessages.smsHelp;
  await oweSms({ id: smsIdOf('draw-check', ref), purpose: 'draw-check', ref, to: msisdn, text }, now);
  return { done: 'answered' };
}

/** RESULTS or STOP acted on: the answer. */
async function resultsKeyword(msisdn: string, word: string, now: Date): Promise<string> {
  if (STOP_WORDS.has(word)) {
    await optOutResultSms(msisdn);
    return resultSmsMessages.stopped;
  }
  return (await optInResultSms(msisdn, 'sms', now)) ? resultSmsMessages.optedIn : resultSmsMessages.alreadyIn;
}
