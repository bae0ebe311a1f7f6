import type * as z from 'zod';
import type { EntryFailure, entryStatusResponse } from '@shared/api/schemas/play';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { paymentExpiryMs } from './payment-times';
import { failureOf } from './entry-failure';
import { getEntry } from './store/entries';
import { UUID_V4 } from '../../platform/ids';

type EntryStatus = z.input<typeof entryStatusResponse>;

/**
 * An entry's state for the page that started it — the one body both
 * GET /api/v1/entries/:id and the `entry/:id` live topic send: nothing
 * personal beyond what the page sent, the number masked (DESIGN section 7).
 * Undefined for an id no entry has (a malformed one is not looked up).
 */
export async function readEntryStatus(entryId: string): Promise<EntryStatus | undefined> {
  const entry = UUID_V4.test(entryId) ? await getEntry(entryId) : undefined;
  if (!entry) return undefined;
  return {
    status: entry.status,
    // the expiry confirmPayment enforces, so the page's countdown ends when the server gives up
    expires_at: new Date(Date.parse(entry.createdAt) + paymentExpiryMs()).toISOString(),
    amount: formatMoney(entry.amountCents),
    currency: entry.currency,
    masked_mobile_number: maskMobileNumber(entry.msisdn),
    ...(entry.ticketNumber ? { ticket_number: entry.ticketNumber } : {}),
    ...(entry.status === 'failed' ? failedBecause(failureOf(entry.reason)) : {}),
  };
}

/** Why a payment failed, as the status answer's code (the entry keeps its provider's reason). */
const failedBecause = (code: EntryFailure) => ({ reason: messages.entry.failure[code], reason_code: code });
