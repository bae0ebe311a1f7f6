import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { UssdServer } from '../../shared/api/schemas/catalog';
import { messages } from '../../shared/messages';
import { formatMoney, type Currency } from '../../shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '../../shared/phone';
import { paymentCallbackPath } from '../integrations/callback-paths';
import { ProviderRejectedError, ProviderUnavailableError } from '../integrations/mobile-money';
import { ProviderNotAvailableError, providerFor } from '../integrations/providers';
import { integrationConfig } from '../integrations/secrets';
import { ApiError, badRequest, tooManyRequests } from '../lib/errors';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { discardEntry, failEntry, putPendingEntry, type Entry } from '../store/entries';
import { countPrompts, takePaymentPrompt, type PromptRefusal } from '../store/rate-limits';
import { recordEntryFailed } from './entry-metrics';
import { priceOf, resolveEntryTarget, type EntryTarget } from './entry-target';

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
 * Start an entry (issue 5): validate who and what, stop prompt-spam (3
 * requests per number per 10 minutes, and limits per client address and
 * platform-wide: DESIGN section 7), store the *pending* entry — its id is
 * the payment's X-Reference-Id, saved before sending — and ask the provider
 * to collect. The ticket comes only when the provider confirms.
 */
export async function startEntry(input: StartEntryInput): Promise<StartedEntry> {
  const msisdn = normalizeMobileNumber(input.mobileNumber);
  if (!msisdn) throw badRequest(INVALID_MOBILE_NUMBER, { mobile_number: INVALID_MOBILE_NUMBER });
  // the settings (for the USD rate) are read with the target, and the prompt limits' windows beside it, not after it
  const [{ assignment, promotion, game, rules }, prompts] = await Promise.all([
    resolveEntryTarget(input.target, msisdn, input.via),
    countPrompts(msisdn, input.clientAddress, input.now),
  ]);
  const amountCents = priceOf(promotion, input.currency);
  if (input.amountCents !== undefined && input.amountCents !== amountCents) {
    throw badRequest('Choose one of the listed amounts.', { amount: 'Not one of the options' });
  }
  if (amountCents <= 0) throw badRequest(`${promotion.title} cannot be paid in ${input.currency}.`, { currency: 'Not offered' });

  let provider;
  try {
    provider = await providerFor(msisdn);
  } catch (error) {
    if (error instanceof ProviderNotAvailableError) throw badRequest(error.message, { mobile_number: error.message });
    throw error;
  }
  const config = await integrationConfig();
  const secret = randomBytes(24).toString('base64url');
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
    callbackSecretHash: hashSecret(secret),
    createdAt: input.now.toISOString(),
  };
  // the prompt and the entry are written side by side; an entry over a limit is removed before any request is sent
  const [refused] = await Promise.all([takePaymentPrompt(prompts), putPendingEntry(entry)]);
  if (refused) {
    await discardEntry(entry.id);
    throw tooManyRequests(REFUSED[refused]);
  }
  recordMetric('entriesStarted', 1, { game, provider: provider.name }, { correlationId: entry.id });

  const price = `${formatMoney(amountCents)} ${input.currency}`;
  try {
    await provider.requestToPay({
      referenceId: entry.id,
      msisdn,
      amountCents,
      currency: input.currency,
      externalId: entry.id,
      payerMessage: `${promotion.title} entry`,
      payeeNote: `${promotion.title} ${entry.id}`,
      callbackUrl: `${config.publicBaseUrl}${paymentCallbackPath(provider.name, entry.id, secret)}`,
    });
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      if (await failEntry(entry.id, 'REQUEST_REJECTED', input.now)) recordEntryFailed(entry, 'REQUEST_REJECTED');
      logger.warn('payment request rejected', { entryId: entry.id, correlationId: entry.id, status: error.status });
      throw new ApiError(502, 'The mobile money service refused this payment. Please try again later.');
    }
    if (error instanceof ProviderUnavailableError) {
      // the request may still have reached the provider: keep it pending for reconciliation
      logger.warn('payment request outcome unknown', { entryId: entry.id, correlationId: entry.id });
      throw new ApiError(
        503,
        'We could not reach the mobile money service. If a payment prompt arrives, approve it and your ticket will come by SMS; otherwise try again later.',
      );
    }
    throw error;
  }
  return {
    entry,
    title: promotion.title,
    message: `Approve the ${price} payment prompt on your phone (${msisdn.replace(/^231/, '0')}) to enter ${promotion.title}. Your ticket number will come by SMS.`,
  };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
