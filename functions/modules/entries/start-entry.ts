import { randomUUID } from 'node:crypto';
import type { UssdServer } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { formatGmtDay } from '@shared/dates';
import { formatMoneyShown, type Currency } from '@shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { paymentProviderOf } from '@shared/payment-providers';
import { ProviderNotAvailableError, providerFor } from '../../integrations/providers';
import {
  addEntryToDay,
  dailyLimitOf,
  isExcluded,
  PROMPTS_PER_NUMBER,
  standingOf,
  standingRead,
  type Standing,
} from '../players';
import { readTogether } from '../../platform/store/read-together';
import { lrdValueOf } from './money-split';
import { newCallbackSecret } from '../../platform/callback-secret';
import { Refusal, refuseInvalid, refuseNotAllowed } from '../../platform/refusal';
import { recordMetric } from '../../platform/metrics';
import { putPendingEntry, type Entry } from './store/entries';
import {
  promptCountsRead,
  releasePaymentPrompt,
  takePaymentPrompt,
  type PromptRefusal,
} from '../../platform/store/prompt-limits';
import { firstEntryTargetRead, gameOf, resolveEntryTarget, type EntryTarget } from '../games';
import { refuseStanding } from './play-refusal';

export interface StartEntryInput {
  target: EntryTarget;
  mobileNumber: string;
  currency: Currency;
  /** The amount the player chose (web house games); must be the current price. */
  amountCents?: number;
  channel: 'web' | 'ussd';
  /** The USSD gateway the request came through, if any. */
  via?: UssdServer;
  /** The web client's address, for the per-address prompt limits (none on USSD: the address is the gateway's). */
  clientAddress?: string;
  now: Date;
}

export interface StartedEntry {
  entry: Entry;
  title: string;
  /** What to tell the player: approve the prompt on their phone. */
  message: string;
}

const REFUSED: Record<PromptRefusal, string> = {
  number: messages.limits.paymentsPerNumber,
  address: messages.limits.paymentsPerAddress,
  platform: messages.limits.paymentsPlatform,
};

/**
 * Start an entry: validate who and what, stop prompt-spam (3
 * requests per number per 10 minutes, and limits per client address and
 * per provider: DESIGN sections 7 and 10), add its stake to the number's day and store the *pending* entry — its id is
 * the payment's X-Reference-Id, saved before sending. The player is answered
 * at once; the payment request goes out beside it, from the entry's stream
 * record (functions/modules/entries/payment-prompt.ts; DESIGN section 8, "Time
 * budgets"). The ticket comes only when the provider confirms.
 */
export async function startEntry(input: StartEntryInput): Promise<StartedEntry> {
  const msisdn = normalizeMobileNumber(input.mobileNumber);
  // the provider the entry is paid through, whose prompt rate it counts on (a valid number always has one)
  const payingThrough = msisdn ? paymentProviderOf(msisdn) : undefined;
  if (!msisdn || !payingThrough) throw refuseInvalid(INVALID_MOBILE_NUMBER, { mobile_number: INVALID_MOBILE_NUMBER });
  // ONE batch read: the target with the settings (for the USD rate), the prompt limits' windows, the number's standing
  const [first, prompts, standing] = await readTogether([
    firstEntryTargetRead(input.target),
    promptCountsRead(input.clientAddress, payingThrough, input.now),
    standingRead(msisdn, input.now),
  ]);
  const { assignment, promotion, game, rules } = await resolveEntryTarget(input.target, msisdn, input.via, first);
  // an excluded number is refused before anything else, whatever it asks for (DESIGN section 7)
  if (isExcluded(standing.exclusion, input.now)) {
    const { until, permanent } = standing.exclusion;
    const detail =
      permanent || !until
        ? messages.responsiblePlay.excludedForGood
        : messages.responsiblePlay.excludedUntil(formatGmtDay(until));
    throw await refuseStanding(input.channel, msisdn, detail, refuseNotAllowed, input.now);
  }
  const amountCents = gameOf(game).price(promotion, input.currency);
  if (input.amountCents !== undefined && input.amountCents !== amountCents) {
    throw refuseInvalid(messages.refusals.chooseListedAmount, { amount: 'Not one of the options' });
  }
  if (amountCents <= 0)
    throw refuseInvalid(messages.refusals.currencyNotAccepted(promotion.title, input.currency), {
      currency: 'Not offered',
    });
  const stakeLrdCents = lrdValueOf(amountCents, input.currency, rules.usdToLrdRateMilli);
  const limit = dailyLimitOf(rules.dailySpendLimitLrdCents, standing.ownLimitLrdCents);
  // checked before the prompt slot is taken; the entry's own write checks it again, atomically
  if (limit !== undefined && standing.spentTodayLrdCents + stakeLrdCents > limit)
    throw await overLimit(limit, standing, input, msisdn);

  let provider;
  try {
    // refused here, not after answering: the player can still use another number
    provider = await providerFor(msisdn);
  } catch (error) {
    if (error instanceof ProviderNotAvailableError)
      throw refuseInvalid(error.message, { mobile_number: error.message });
    throw error;
  }
  const { secret, hash } = newCallbackSecret();
  const entry: Entry = {
    id: randomUUID(),
    assignmentId: assignment.id,
    promotionId: promotion.id,
    promotionTitle: promotion.title,
    partnerId: assignment.partnerId,
    game,
    msisdn,
    currency: input.currency,
    amountCents,
    rateMilli: rules.usdToLrdRateMilli,
    channel: input.channel,
    status: 'pending',
    callbackSecretHash: hash,
    // for the prompt, sent beside this request; removed when it is claimed (functions/modules/entries/payment-prompt.ts)
    callbackSecret: secret,
    createdAt: input.now.toISOString(),
  };
  // the number's prompts as read: refused before any other limit's use is taken
  if (standing.prompts.today + standing.prompts.earlierDay >= PROMPTS_PER_NUMBER.limit)
    throw new Refusal('limited', REFUSED.number);
  // the prompt's uses first: a stored entry is prompted (its stream record), so one over a limit is never written
  const prompt = await takePaymentPrompt(prompts);
  if ('refused' in prompt) throw new Refusal('limited', REFUSED[prompt.refused]);
  // then the day, whose one write decides the number's limits (another entry of it may have come since the read)
  const refused = await addEntryToDay(entry, stakeLrdCents, limit, standing.prompts.earlierDay);
  if (refused) {
    await releasePaymentPrompt(prompt.taken);
    if (refused === 'prompts') throw new Refusal('limited', REFUSED.number);
    throw await overLimit(limit!, await standingOf(msisdn, input.now), input, msisdn);
  }
  await putPendingEntry(entry);
  recordMetric('entriesStarted', 1, { game, provider: provider.name }, { correlationId: entry.id });

  const price = `${formatMoneyShown(amountCents)} ${input.currency}`;
  return {
    entry,
    title: promotion.title,
    message: `Approve the ${price} payment prompt on your phone (${msisdn.replace(/^231/, '0')}) to enter ${promotion.title}. Your ticket number will come by SMS.`,
  };
}

function overLimit(limit: number, standing: Standing, input: StartEntryInput, msisdn: string) {
  const left = Math.max(0, limit - standing.spentTodayLrdCents);
  const detail = messages.responsiblePlay.overDailyLimit(formatMoneyShown(limit), formatMoneyShown(left));
  const onUssd = (message: string) => refuseInvalid(message, { amount: 'Over the daily spending limit' });
  return refuseStanding(input.channel, msisdn, detail, onUssd, input.now);
}
