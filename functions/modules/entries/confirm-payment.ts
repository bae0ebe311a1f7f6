import { type MobileMoneyProvider, ProviderUnavailableError } from '../../integrations/mobile-money';
import { providerFor } from '../../integrations/providers';
import { confirmEntry, failEntry, getEntry, type Entry } from './store/entries';
import { recordEntryFailed } from './entry-metrics';
import { resolveFailedEntry } from './late-payment';
import { sendUssdEntryFailedSms } from './entry-failed-sms';
import { settlePaidEntry } from './settlement';
import { paymentExpiryMs } from './payment-times';
import { resendDue, resendPaymentPrompt, unprompted } from './prompt-resend';

export type ConfirmOutcome =
  | 'settled'
  | 'failed'
  | 'pending'
  | 'unchanged'
  | 'unreachable'
  /** Paid, as a callback learns it: the entry is confirmed and handed to settlement (./settlement.ts). */
  | 'confirmed'
  /** A failed entry paid after all, whose draw had closed: its stake goes back (./late-payment.ts). */
  | 'refunded'
  /** The provider did not know the payment: its prompt was sent again, and it stays pending (./prompt-resend.ts). */
  | 'resent';

/**
 * Find out from the provider what happened to an entry's payment and act on
 * it — never on what a callback's body claims (DESIGN section 7). Callbacks
 * and the reconciliation job both come here; settlement is idempotent, so
 * any number of them racing make one ticket. `handOver` (a callback): a
 * paid entry is confirmed — one write — whose stream record hands it to
 * settlement with those confirmed beside it (./settlement-stream.ts), so
 * the callback answers at once; otherwise (the jobs) it is settled now, and one
 * the provider already confirmed is settled without asking again.
 * `entry`: the entry as the caller just read it (spares a read). `expire`
 * (reconciliation): an entry past its expiry fails; `resend`
 * (reconciliation): a prompt the provider never got is sent again when due
 * (./prompt-resend.ts).
 */
export async function confirmPayment(
  entryId: string,
  now: Date,
  options: { expire?: boolean; resend?: boolean; handOver?: boolean; entry?: Entry } = {},
): Promise<ConfirmOutcome> {
  const entry = options.entry ?? (await getEntry(entryId));
  if (!entry) return 'unchanged';
  const paid = options.handOver ? handOver : settle;
  if (entry.status !== 'pending') return entry.status === 'failed' ? askAgain(entry, now, options) : 'unchanged';
  // confirmed already: its stream record hands it to settlement (a callback has nothing to add)
  if (entry.confirmedAt) return options.handOver ? 'unchanged' : settle(entry, now);
  let provider: MobileMoneyProvider;
  let status;
  try {
    provider = await providerFor(entry.msisdn);
    status = await provider.paymentStatus(entry.id);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // unknown is no final word, but the expiry is ours: it holds even while the provider cannot answer
    return expired(entry, now, options) ? fail(entry, 'EXPIRED', now) : 'unreachable';
  }
  if (status.status === 'SUCCESSFUL') return paid(entry, now);
  // a reference the provider does not find may be one it still indexes (DESIGN section 4): unknown, not failed
  if (status.status === 'FAILED' && status.reason !== 'NOT_FOUND') return fail(entry, status.reason ?? 'FAILED', now);
  if (expired(entry, now, options)) return fail(entry, 'EXPIRED', now);
  // the provider holds no prompt under it: the player was never asked, so ask again rather than wait for expiry
  if (options.resend && unprompted(status) && resendDue(entry, now)) {
    const resent = await resendPaymentPrompt(entry, provider, now);
    return resent === 'refused' ? 'failed' : resent === 'resent' ? 'resent' : 'pending';
  }
  return 'pending';
}

/** Reconciliation gives up on a payment still open paymentExpiryMs after it was requested; a callback never does. */
function expired(entry: Entry, now: Date, options: { expire?: boolean }): boolean {
  return options.expire === true && now.getTime() - Date.parse(entry.createdAt) > paymentExpiryMs();
}

async function fail(entry: Entry, reason: string, now: Date): Promise<ConfirmOutcome> {
  if (!(await failEntry(entry.id, reason, now))) return 'unchanged';
  recordEntryFailed(entry, reason);
  // a USSD player's session ended promising a prompt and a ticket: tell them why not (DESIGN section 4)
  if (entry.channel === 'ussd') await sendUssdEntryFailedSms(entry, reason, now);
  return 'failed';
}

/** Settle a paid entry now, alone (its ticket SMS goes out before this returns). */
async function settle(entry: Entry, now: Date): Promise<ConfirmOutcome> {
  return (await settlePaidEntry(entry.id, now, entry)).outcome;
}

/** Confirm a paid entry: its stream record hands it to settlement (./settlement.ts). */
async function handOver(entry: Entry, now: Date): Promise<ConfirmOutcome> {
  return (await confirmEntry(entry, now)) ? 'confirmed' : 'unchanged';
}

/**
 * A failed entry the provider may have paid after all: a ticket or a refund
 * (./late-payment.ts). Revived, it is confirmed as it goes back to pending:
 * handed to settlement as any confirmed entry is, or (a job) settled now.
 */
async function askAgain(entry: Entry, now: Date, options: { handOver?: boolean }): Promise<ConfirmOutcome> {
  const late = await resolveFailedEntry(entry, now);
  if (late.outcome !== 'revived') return late.outcome;
  return options.handOver ? 'confirmed' : settle(late.entry, now);
}
