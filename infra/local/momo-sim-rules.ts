import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { CURRENCIES } from '@shared/money';
import { networkOf } from '@shared/phone';
import {
  type MomoProduct,
  type MomoResultBody,
  NOTE_TEXT_TAKEN,
  SANDBOX_CURRENCY,
  SANDBOX_ENVIRONMENT,
  SANDBOX_TEST_NUMBERS,
} from './provider-docs/mtn-momo';
import type { MomoLag } from './momo-sim-lag';
import { simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

/**
 * What the MoMo simulator (./momo-simulator.ts) holds and what MTN's rules
 * decide, from MTN's documents (./provider-docs/mtn-momo.ts): the outcome a
 * number has in an environment, the currencies each environment takes, the
 * bodies MTN accepts, when a transaction settles and to what, and the bodies
 * MTN answers with.
 */

export { simulatedOutcome } from './simulated-outcomes';

/** What a number does at this simulator: the shared endings, MTN's sandbox outcomes, and its MTN-only test numbers. */
export type MomoOutcome = SimulatedOutcome | 'failed' | 'inactive' | 'error500' | 'error503';

/**
 * MTN-only test numbers, by their last six digits (README "Local default
 * secrets"): a number that is not an active MoMo account, and numbers whose
 * every call answers 500 or 503 (MTN does at times, the sandbox often).
 */
const MOMO_ONLY_OUTCOMES: Readonly<Record<string, MomoOutcome>> = {
  '000301': 'inactive',
  '000500': 'error500',
  '000503': 'error503',
};

/** MTN's sandbox test numbers (DESIGN section 8), honoured when X-Target-Environment is sandbox. */
const SANDBOX_OUTCOMES: Readonly<Record<string, MomoOutcome>> = {
  [SANDBOX_TEST_NUMBERS.failed]: 'failed',
  [SANDBOX_TEST_NUMBERS.rejected]: 'decline',
  [SANDBOX_TEST_NUMBERS.timeout]: 'expire',
  [SANDBOX_TEST_NUMBERS.success]: 'approve',
  [SANDBOX_TEST_NUMBERS.pending]: 'stuck',
};

export const MOMO_ENVIRONMENTS = [SANDBOX_ENVIRONMENT, 'mtnliberia'] as const;
export type MomoEnvironment = (typeof MOMO_ENVIRONMENTS)[number];
export const ENVIRONMENT_CURRENCIES: Readonly<Record<MomoEnvironment, readonly [string, ...string[]]>> = {
  sandbox: [SANDBOX_CURRENCY],
  // Lonestar Cell MTN wallets hold the product's two currencies
  mtnliberia: CURRENCIES,
};

/** The outcome of a number in an environment. */
export function momoOutcome(msisdn: string, environment: MomoEnvironment): MomoOutcome {
  if (environment === SANDBOX_ENVIRONMENT && SANDBOX_OUTCOMES[msisdn]) return SANDBOX_OUTCOMES[msisdn];
  return MOMO_ONLY_OUTCOMES[msisdn.slice(-6)] ?? simulatedOutcome(msisdn);
}

/** No MoMo wallet: an Orange number, a number outside the environment's market, or the inactive test number. */
export function hasNoWallet(msisdn: string, environment: MomoEnvironment): boolean {
  if (momoOutcome(msisdn, environment) === 'inactive') return true;
  if (environment === SANDBOX_ENVIRONMENT) return networkOf(msisdn) === 'orange';
  return !(msisdn.startsWith('231') && networkOf(msisdn) === 'lonestar');
}

export interface SimulatedTransaction {
  product: MomoProduct;
  /** The X-Target-Environment it was created in. */
  environment: MomoEnvironment;
  referenceId: string;
  /** The request body exactly as received. */
  request: z.infer<typeof requestToPaySchema> | z.infer<typeof transferSchema>;
  outcome: MomoOutcome;
  /** The number has no MoMo wallet (an Orange number, or the inactive one): MTN cannot find it. */
  offNetwork?: true;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  financialTransactionId?: string;
  /** When a pending outcome resolves (epoch ms), to what, and how many callbacks go out then (kept, so a restart still settles it). */
  settleAt?: number;
  /** When it settled (ISO): the bench measures a debit's time to its outcome from it. */
  settledAt?: string;
  settleTo?: 'SUCCESSFUL' | 'FAILED';
  settleReason?: string;
  callbacks?: number;
  /** Serial number of the token that created it (1 = the first token issued). */
  tokenSerial: number;
  /** POSTs received under its reference: 1, unless it was resent (each resend answered 409). */
  posts: number;
  callbacksSent: number;
  /** Where it calls back (local-only view: tests replay real callbacks from it). */
  callbackUrl?: string;
  createdAt: string;
}

export interface MomoSimulatorOptions {
  /** Delay before approving (or declining). Default env MOMO_SIM_APPROVE_MS, else 1000. */
  approveMs?: number;
  /** How long an "expire" number stays PENDING. Default 3000. */
  expireMs?: number;
  /** How long a "late" number (000109) stays PENDING before it is approved. Default env MOMO_SIM_LATE_APPROVE_MS, else 16 min. */
  lateMs?: number;
  /**
   * How long a "slow" number's POST waits before its 202. Default 10 000 (past
   * the adapter's 8 s timeout). Until then a slow request's status query
   * answers 404 (NOT_FOUND), though it goes ahead, and its callback waits.
   */
  slowMs?: number;
  /** MTN's lags and push-backs (./momo-sim-lag.ts); `indexMs` defaults to env MOMO_SIM_INDEX_LAG_MS, else 0. */
  lag?: Partial<MomoLag>;
  /**
   * The host registered for our API user (MTN's providerCallbackHost): an
   * X-Callback-Url on any other host is refused with 400. Default
   * `localhost`, the local gateway's host.
   */
  callbackHost?: string;
  /** Where transactions and balances are kept across restarts; none keeps them in memory only. */
  dataFile?: string;
}

export interface SimulatorStats {
  /** API requests (tokens included, /__sim excluded). */
  requests: number;
  /** Token requests, refused ones included. */
  tokenRequests: Record<MomoProduct, number>;
  /** Tokens issued; also the serial of the latest one. */
  tokensIssued: number;
  callbacks: { delivered: number; failed: number };
  transactions: number;
}

const amount = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'amount must be a decimal string such as "100.00"')
  .refine((value) => Number(value) > 0, 'amount must be positive');
const party = z.strictObject({ partyIdType: z.literal('MSISDN'), partyId: z.string().regex(/^\d{8,15}$/) });
// MTN refuses special characters such as `&` in these texts with 400 (DESIGN section 8)
const note = z
  .string()
  .max(160, 'too long')
  .regex(NOTE_TEXT_TAKEN, 'special characters are not allowed: use letters, digits, spaces and .,-')
  .optional();
const common = {
  amount,
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code'),
  externalId: z.string().min(1),
  payerMessage: note,
  payeeNote: note,
};
const requestToPaySchema = z.strictObject({ ...common, payer: party });
const transferSchema = z.strictObject({ ...common, payee: party });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Refusal = { status: 400; body: { code: string; message: string } };
const refuse = (code: string, message: string): Refusal => ({ status: 400, body: { code, message } });

/** A requesttopay or transfer POST as MTN checks it before creating anything: its 400, or what it asks for. */
export function checkCreate(
  req: IncomingMessage,
  body: unknown,
  product: MomoProduct,
  environment: MomoEnvironment,
  callbackHost: string,
): Refusal | { referenceId: string; callbackUrl: string | undefined; request: SimulatedTransaction['request'] } {
  const referenceId = header(req, 'x-reference-id');
  if (!referenceId || !UUID.test(referenceId)) return refuse('INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID.');
  const callbackUrl = header(req, 'x-callback-url');
  if (callbackUrl !== undefined && !isHttpUrl(callbackUrl))
    return refuse('INVALID_CALLBACK_URL', 'X-Callback-Url must be an http(s) URL.');
  // MTN calls back only to the providerCallbackHost registered with the API user (README "Registering the callback host")
  if (callbackUrl !== undefined && new URL(callbackUrl).hostname !== callbackHost) {
    return refuse(
      'INVALID_CALLBACK_URL_HOST',
      'Callback URL with a different host than the one registered for the API user.',
    );
  }
  const parsed = (product === 'collection' ? requestToPaySchema : transferSchema).safeParse(body);
  if (!parsed.success) return refuse('BAD_REQUEST', z.prettifyError(parsed.error));
  if (!ENVIRONMENT_CURRENCIES[environment].includes(parsed.data.currency)) {
    return refuse(
      'INVALID_CURRENCY',
      `Currency not supported in ${environment}: use ${ENVIRONMENT_CURRENCIES[environment].join(' or ')}.`,
    );
  }
  return { referenceId, callbackUrl, request: parsed.data };
}

/** When and how a new transaction settles (kept on it, so a restart still settles it); none for a stuck one. */
export function settlementPlan(
  transaction: SimulatedTransaction,
  approveMs: number,
  expireMs: number,
  lateMs: number,
): Pick<SimulatedTransaction, 'settleAt' | 'settleTo' | 'settleReason' | 'callbacks'> {
  const at = (ms: number, to: 'SUCCESSFUL' | 'FAILED', reason?: string, callbacks = 1) => ({
    settleAt: Date.now() + ms,
    settleTo: to,
    callbacks,
    ...(reason ? { settleReason: reason } : {}),
  });
  // a payee cannot "reject" a transfer; MTN's refusal of a payout is an unknown payee
  const declined = transaction.product === 'collection' ? 'APPROVAL_REJECTED' : 'PAYEE_NOT_FOUND';
  // not an MTN wallet (an Orange number, a Lonestar number with no MoMo account, the inactive one): MTN cannot find it
  if (transaction.offNetwork || transaction.outcome === 'unregistered')
    return at(approveMs, 'FAILED', transaction.product === 'collection' ? 'PAYER_NOT_FOUND' : 'PAYEE_NOT_FOUND');
  switch (transaction.outcome) {
    case 'approve':
    case 'slow':
    case 'flaky':
      return at(approveMs, 'SUCCESSFUL');
    case 'decline':
      return at(approveMs, 'FAILED', declined);
    case 'failed':
      return at(approveMs, 'FAILED', 'INTERNAL_PROCESSING_ERROR');
    case 'expire':
      return at(expireMs, 'FAILED', 'EXPIRED');
    case 'silent':
      return at(approveMs, 'SUCCESSFUL', undefined, 0);
    case 'late':
      return at(lateMs, 'SUCCESSFUL');
    case 'twice':
      return at(approveMs, 'SUCCESSFUL', undefined, 2);
    default:
      return {}; // stuck (and the sandbox's pending number): PENDING for ever
  }
}

/** MTN's error bodies for its 500 and 503. */
export function serverError(status: number): { code: string; message: string } {
  return status === 503
    ? { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable, try again later.' }
    : { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred while processing.' };
}

/** The status-query answer, also the callback body (MTN sends the same shape to X-Callback-Url). */
export function transactionBody(t: SimulatedTransaction): MomoResultBody {
  return {
    ...(t.financialTransactionId ? { financialTransactionId: t.financialTransactionId } : {}),
    ...t.request,
    status: t.status,
    ...(t.reason ? { reason: t.reason } : {}),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
