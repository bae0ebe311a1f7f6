/**
 * The MTN MoMo Open API's wire shapes for the subset we use (DESIGN section 8;
 * MoMo developer portal, Collection and Disbursement v1_0): request bodies
 * built from our port's requests, and status answers read into StatusResult.
 */
import { formatMoney, parseMoney } from '@shared/money';
import { logger } from '../../platform/logger';
import {
  ProviderUnavailableError,
  type CollectRequest,
  type StatusResult,
  type TransferRequest,
} from '../mobile-money';
import { wireCurrency, wireMsisdn } from './momo-environment';

export type MomoProduct = 'collection' | 'disbursement';

interface MomoParty {
  partyIdType: 'MSISDN';
  partyId: string;
}

export interface RequestToPayBody {
  amount: string;
  currency: string;
  externalId: string;
  payer: MomoParty;
  payerMessage: string;
  payeeNote: string;
}

export interface TransferBody {
  amount: string;
  currency: string;
  externalId: string;
  payee: MomoParty;
  payerMessage: string;
  payeeNote: string;
}

/** The longest payerMessage / payeeNote we send: MTN calls them short texts for the transaction history. */
export const MOMO_TEXT_MAX = 50;
/** What MTN accepts in payerMessage / payeeNote (DESIGN section 8: `&` and other special characters are refused with 400). */
export const MOMO_TEXT_ALLOWED = /^[A-Za-z0-9 .,-]*$/;

/**
 * A payerMessage or payeeNote MTN accepts: accents dropped, anything but
 * letters, digits, spaces and `.,-` turned into spaces, at most
 * MOMO_TEXT_MAX characters, never empty (MTN fails an empty one with a 500).
 * Every text sent to MTN is built here, whatever a promotion's title holds.
 */
export function momoText(text: string): string {
  const clean = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f'\u2018\u2019]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MOMO_TEXT_MAX)
    .trim();
  return clean === '' ? 'Raffle Liberia' : clean;
}

/** The requesttopay body; `targetEnvironment` decides the currency and number MTN sees (./momo-environment). */
export function requestToPayBody(request: CollectRequest, targetEnvironment: string): RequestToPayBody {
  return {
    amount: formatMoney(request.amountCents),
    currency: wireCurrency(request.currency, targetEnvironment),
    externalId: request.externalId,
    payer: { partyIdType: 'MSISDN', partyId: wireMsisdn(request.msisdn, targetEnvironment) },
    payerMessage: momoText(request.payerMessage),
    payeeNote: momoText(request.payeeNote),
  };
}

export function transferBody(request: TransferRequest, targetEnvironment: string): TransferBody {
  return {
    amount: formatMoney(request.amountCents),
    currency: wireCurrency(request.currency, targetEnvironment),
    externalId: request.externalId,
    payee: { partyIdType: 'MSISDN', partyId: wireMsisdn(request.msisdn, targetEnvironment) },
    payerMessage: momoText(request.payerMessage),
    payeeNote: momoText(request.payeeNote),
  };
}

/** The statuses MTN documents for a requesttopay or transfer (MoMo developer portal, RequestToPayResult / TransferResult). */
const STATUSES = ['PENDING', 'SUCCESSFUL', 'FAILED'] as const;

/** What we read from a status query's 200 body. */
export interface ParsedStatus {
  status: (typeof STATUSES)[number];
  reason?: string;
  financialTransactionId?: string;
  amount?: string;
  currency?: string;
  externalId?: string;
}

/**
 * A status query's 200 body; anything we cannot read leaves the outcome
 * unknown. (Hand-written rather than zod: zod would add ~450 KB to every
 * Lambda that takes payments, against DESIGN section 9's 500 KB bundle bar.)
 */
export function parseStatusBody(body: unknown): ParsedStatus {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof fields.status !== 'string' || !fields.status)
    throw new ProviderUnavailableError('MTN MoMo answered a status query with an unexpected body', body);
  const known = STATUSES.find((s) => s === fields.status);
  // a word MTN does not document is no final word (DESIGN section 4): logged raw, pending until expiry decides
  if (!known) logger.warn('MTN MoMo answered an undocumented status; read as PENDING', { status: fields.status });
  const parsed: ParsedStatus = { status: known ?? 'PENDING' };
  const reason = reasonCode(fields.reason);
  if (reason) parsed.reason = reason;
  for (const key of ['financialTransactionId', 'amount', 'currency', 'externalId'] as const) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') parsed[key] = String(value);
  }
  return parsed;
}

// MTN documents `reason` as an ErrorReason object {code, message}; the sandbox
// and some markets send the bare code string. Both read as the code.
function reasonCode(reason: unknown): string | undefined {
  if (typeof reason === 'string' && reason) return reason;
  const code = (reason as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code ? code : undefined;
}

export function toStatusResult(parsed: ParsedStatus): StatusResult {
  return {
    status: parsed.status,
    ...(parsed.reason ? { reason: parsed.reason } : {}),
    ...(parsed.financialTransactionId ? { financialTransactionId: parsed.financialTransactionId } : {}),
  };
}

/** `GET /{product}/v1_0/account/balance` → `{availableBalance: "1000", currency: "EUR"}`. */
export interface MomoBalance {
  availableCents: number;
  currency: string;
}

export function parseBalanceBody(body: unknown): MomoBalance {
  const { availableBalance, currency } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const availableCents =
    typeof availableBalance === 'string' || typeof availableBalance === 'number'
      ? parseMoney(String(availableBalance))
      : null;
  if (availableCents === null || typeof currency !== 'string' || !currency) {
    throw new ProviderUnavailableError('MTN MoMo answered a balance query with an unexpected body', body);
  }
  return { availableCents, currency };
}

/** `GET /{product}/v1_0/accountholder/msisdn/{number}/active` → `{result: true|false}`. */
export function parseAccountHolderBody(body: unknown): boolean {
  const result = (body as { result?: unknown } | null | undefined)?.result;
  if (typeof result !== 'boolean')
    throw new ProviderUnavailableError('MTN MoMo answered an account-holder query with an unexpected body', body);
  return result;
}
