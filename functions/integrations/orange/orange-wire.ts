/**
 * The Orange Money Core API's wire shapes for the subset we use (DESIGN
 * section 8; omcoreapis 1.0.2, merchant payment `mp` and cash-in `cashin`):
 * the pay body built from our port's requests, and the transaction body of
 * `pay`, `paymentstatus` and the notification read into StatusResult.
 */
import type { Currency } from '@shared/money';
import { formatMoney } from '@shared/money';
import { ProviderUnavailableError, type CollectRequest, type StatusResult } from '../mobile-money';
import { logger } from '../../platform/logger';
import type { OrangeConfig } from '../secrets';

/** mp: a merchant payment (the subscriber confirms with their PIN); cashin: a payout into the subscriber's wallet. */
export type OrangeOperation = 'mp' | 'cashin';

export const CORE_API_PATH = '/omcoreapis/1.0.2';

/** The body of `mp/pay` and `cashin/pay`. */
export interface OrangePayBody {
  notifUrl: string;
  channelUserMsisdn: string;
  amount: string;
  subscriberMsisdn: string;
  pin: string;
  orderId: string;
  description: string;
  payToken: string;
}

/** Orange's transaction statuses (DESIGN section 8); SUCCESSFULL is Orange's spelling, INITIATED comes before the prompt shows. */
const ORANGE_STATUSES = ['INITIATED', 'PENDING', 'SUCCESSFULL', 'FAILED', 'EXPIRED', 'CANCELLED'] as const;
type OrangeStatus = (typeof ORANGE_STATUSES)[number];

/** `data` of a pay answer, a status answer and a notification (fields Orange may leave null). */
interface OrangeTransactionData {
  id: number;
  createtime: string;
  subscriberMsisdn: string;
  amount: string;
  payToken: string;
  txnid: string | null;
  txnmode: string;
  inittxnmessage: string;
  inittxnstatus: string;
  confirmtxnstatus: string | null;
  confirmtxnmessage: string | null;
  status: OrangeStatus;
  notifUrl: string;
  description: string;
  channelUserMsisdn: string;
}

/** Orange Liberia's wire numbers are national: 231 770000100 → 770000100. */
export const wireMsisdn = (msisdn: string): string => msisdn.replace(/^231/, '');

/** Orange keeps at most 20 characters of orderId: our reference's first 20 hex digits (the payToken is the real key). */
export const orderIdOf = (referenceId: string): string => referenceId.replace(/-/g, '').slice(0, 20);

/** Orange's description is at most 125 characters. */
const DESCRIPTION_MAX = 125;

function channelMsisdn(config: OrangeConfig, currency: Currency): string {
  return currency === 'USD' ? config.channelMsisdnUsd : config.channelMsisdnLrd;
}

export function payBody(config: OrangeConfig, request: CollectRequest, payToken: string): OrangePayBody {
  return {
    notifUrl: request.callbackUrl,
    channelUserMsisdn: channelMsisdn(config, request.currency),
    amount: formatMoney(request.amountCents),
    subscriberMsisdn: wireMsisdn(request.msisdn),
    pin: config.pin,
    orderId: orderIdOf(request.referenceId),
    description: request.payerMessage.slice(0, DESCRIPTION_MAX),
    payToken,
  };
}

/** `data.payToken` of an `init` answer; anything else leaves the outcome unknown. */
export function parsePayToken(body: unknown): string {
  const payToken = (body as { data?: { payToken?: unknown } } | null | undefined)?.data?.payToken;
  if (typeof payToken !== 'string' || !payToken)
    throw new ProviderUnavailableError('Orange Money answered init without a payToken', body);
  return payToken;
}

/**
 * A status answer's `data` → our port's result (hand-written rather than zod,
 * as in ../momo/momo-wire.ts, for the bundle bar). INITIATED (before the
 * prompt shows) is pending, NOT_PROMPTED; CANCELLED is the subscriber
 * refusing the prompt, which the port calls APPROVAL_REJECTED; SUCCESSFULL's
 * `txnid` is Orange's transaction id.
 */
export function parseStatus(body: unknown, operation: OrangeOperation): StatusResult {
  const data =
    (body as { data?: Partial<Record<keyof OrangeTransactionData, unknown>> } | null | undefined)?.data ?? {};
  if (typeof data.status !== 'string' || !data.status)
    throw new ProviderUnavailableError('Orange Money answered a status query with an unexpected body', body);
  const status = ORANGE_STATUSES.find((s) => s === data.status);
  switch (status) {
    case 'INITIATED':
      // a payToken no `pay` has used: nobody was prompted, so the payment waits for a resend (DESIGN section 4)
      return { status: 'PENDING', reason: 'NOT_PROMPTED' };
    case 'PENDING':
      return { status: 'PENDING' };
    case 'SUCCESSFULL':
      return {
        status: 'SUCCESSFUL',
        ...(typeof data.txnid === 'string' && data.txnid ? { financialTransactionId: data.txnid } : {}),
      };
    case 'CANCELLED':
      return { status: 'FAILED', reason: operation === 'mp' ? 'APPROVAL_REJECTED' : 'CANCELLED' };
    case 'EXPIRED':
      return { status: 'FAILED', reason: 'EXPIRED' };
    case 'FAILED':
      return { status: 'FAILED', reason: 'FAILED' };
    default:
      // a word Orange does not document is no final word (DESIGN section 4): logged raw, pending until expiry decides
      logger.warn('Orange Money answered an undocumented status; read as PENDING', { status: data.status });
      return { status: 'PENDING' };
  }
}

/** Orange's code for a subscriber with no Orange Money wallet, as `pay` refuses it: 417 "60019 :: Subscriber not found". */
const SUBSCRIBER_NOT_FOUND = '60019';

/**
 * What a 417 to a second `pay` under one payToken means (Orange uses a payToken once): `used`, an earlier
 * `pay` got through (60012), so the payment is pending; `unusable`, the payToken expired unused (60013) or
 * Orange does not know it (60011), so nothing can be paid under it and a new `init` is due; else undefined.
 */
export function payTokenState(body: unknown): 'used' | 'unusable' | undefined {
  const code = orangeCode(body);
  if (code === '60012') return 'used';
  return code === '60011' || code === '60013' ? 'unusable' : undefined;
}

/** Orange puts its code first in `message` ("60012 :: payToken already used"). */
function orangeCode(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message.split('::')[0]!.trim() : undefined;
}

/**
 * Why Orange refused `pay`, in the port's words, when it is the one refusal a
 * player can act on: the number has no wallet (MTN's PAYER_NOT_FOUND, and
 * PAYEE_NOT_FOUND for a payout). Orange puts its code first in `message` and
 * in `data.inittxnstatus`.
 */
export function refusalReason(body: unknown, operation: OrangeOperation): string | undefined {
  const answer = body as { message?: unknown; data?: { inittxnstatus?: unknown } | null } | null | undefined;
  const code =
    typeof answer?.message === 'string' ? answer.message.split('::')[0]!.trim() : answer?.data?.inittxnstatus;
  if (code !== SUBSCRIBER_NOT_FOUND && answer?.data?.inittxnstatus !== SUBSCRIBER_NOT_FOUND) return undefined;
  return operation === 'mp' ? 'PAYER_NOT_FOUND' : 'PAYEE_NOT_FOUND';
}
