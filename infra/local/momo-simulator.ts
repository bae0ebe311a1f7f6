import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { CURRENCIES, formatMoney, parseMoney } from '@shared/money';
import { networkOf } from '@shared/phone';
import { localSecrets } from './local-secrets';
import {
  type MomoProduct,
  type MomoResultBody,
  NOTE_TEXT_TAKEN,
  SANDBOX_CURRENCY,
  SANDBOX_ENVIRONMENT,
  SANDBOX_TEST_NUMBERS,
} from './provider-docs/mtn-momo';
import { lagSchema, MomoLagState, type MomoLag } from './momo-sim-lag';
import { loadState, saveState } from './sim-state';
import { deliverCallback, listenOnLoopback, parseJson, readBody, send, stopSimulator } from './sim-http';
import { simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

/**
 * The mobile-money simulator (DESIGN sections 2 and 8): speaks the subset of
 * the MTN MoMo Open API the product uses, so the real adapter runs locally.
 * OAuth tokens per product; requesttopay and transfer (202, 409 on a reused
 * X-Reference-Id, 400 on a body that is not MTN's shape) and their status
 * queries; callbacks PUT to X-Callback-Url like MTN's, delivered once and
 * never retried; the account-holder and balance calls.
 *
 * The payer's (or payee's) number decides the outcome, by its last six digits
 * (README "Local default secrets"). An Orange number is not an MTN wallet:
 * MTN fails it as PAYER_NOT_FOUND / PAYEE_NOT_FOUND and no money moves, so
 * the local stack cannot hide a payment routed to the wrong network (DESIGN
 * section 8). Local-only extras for tests live under /__sim/.
 *
 * What MTN refuses, it refuses (DESIGN section 8): each X-Target-Environment
 * has its currencies (`sandbox`: EUR only, with MTN's sandbox test numbers;
 * `mtnliberia`: LRD and USD); a callback URL on another host than the one
 * registered for the API user answers 400; the account-holder and balance
 * calls answer as MTN's do, and a transfer the disbursement float cannot
 * cover fails NOT_ENOUGH_FUNDS. It can be told to answer 500 or 503. With a
 * `dataFile` (under `.data/` on `npm start`) transactions and balances
 * survive a restart, and outcomes still pending then settle after it.
 */

export { SIMULATED_OUTCOMES, simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

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

const MOMO_ENVIRONMENTS = [SANDBOX_ENVIRONMENT, 'mtnliberia'] as const;
export type MomoEnvironment = (typeof MOMO_ENVIRONMENTS)[number];
const ENVIRONMENT_CURRENCIES: Readonly<Record<MomoEnvironment, readonly [string, ...string[]]>> = {
  sandbox: [SANDBOX_CURRENCY],
  // Lonestar Cell MTN wallets hold the product's two currencies
  mtnliberia: CURRENCIES,
};

/** The outcome of a number in an environment. */
function momoOutcome(msisdn: string, environment: MomoEnvironment): MomoOutcome {
  if (environment === SANDBOX_ENVIRONMENT && SANDBOX_OUTCOMES[msisdn]) return SANDBOX_OUTCOMES[msisdn];
  return MOMO_ONLY_OUTCOMES[msisdn.slice(-6)] ?? simulatedOutcome(msisdn);
}

/** No MoMo wallet: an Orange number, a number outside the environment's market, or the inactive test number. */
function hasNoWallet(msisdn: string, environment: MomoEnvironment): boolean {
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

export interface MomoSimulatorOptions {
  /** Delay before approving (or declining). Default env MOMO_SIM_APPROVE_MS, else 1000. */
  approveMs?: number;
  /** How long an "expire" number stays PENDING. Default 3000. */
  expireMs?: number;
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

/** Each account's balance in cents, by `environment:product:currency`. */
type Balances = Record<string, number>;

/** Every account starts with this much (100 000 000.00), so only a test that lowers the float sees it run out. */
const STARTING_BALANCE_CENTS = 10_000_000_000;

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
const TOKEN_TTL_SECONDS = 3600;
const CALLBACK_TIMEOUT_MS = 5_000;

export class MomoSimulator {
  private server?: Server;
  url = '';
  private readonly approveMs: number;
  private readonly expireMs: number;
  private readonly slowMs: number;
  private readonly callbackHost: string;
  private balances: Balances = {};
  /** Answers the next API calls with this status instead (POST /__sim/fail-next). */
  private failNext: { status: number; count: number } | undefined;
  private readonly tokens = new Map<string, { product: MomoProduct; serial: number; expiresAt: number }>();
  private readonly held = new Map<string, SimulatedTransaction>();
  /** "Flaky" references whose first POST was answered 503. */
  private readonly flaked = new Set<string>();
  /** Slow requests whose POST is not answered yet: their status query answers 404 meanwhile. */
  private readonly unanswered = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly callbacksAbort = new AbortController();
  private readonly lag: MomoLagState;
  private readonly counters: SimulatorStats = {
    requests: 0,
    tokenRequests: { collection: 0, disbursement: 0 },
    tokensIssued: 0,
    callbacks: { delivered: 0, failed: 0 },
    transactions: 0,
  };

  constructor(private readonly options: MomoSimulatorOptions = {}) {
    this.approveMs = options.approveMs ?? Number(process.env.MOMO_SIM_APPROVE_MS ?? 1000);
    this.expireMs = options.expireMs ?? 3000;
    this.slowMs = options.slowMs ?? 10_000;
    this.callbackHost = options.callbackHost ?? 'localhost';
    this.lag = new MomoLagState(options.lag);
  }

  async start(port = 0): Promise<void> {
    this.load();
    for (const transaction of this.held.values()) this.scheduleSettle(transaction);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[momo-simulator]', error);
        if (!res.headersSent) send(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: 'simulator error' });
      });
    });
    this.url = await listenOnLoopback(this.server, port);
  }

  async stop(): Promise<void> {
    await stopSimulator(this.server, this.timers, this.callbacksAbort);
  }

  /** What the simulator holds (local-only control surface for tests). */
  transactions(): SimulatedTransaction[] {
    return [...this.held.values()].map((t) => ({ ...t }));
  }

  requestCount(): number {
    return this.counters.requests;
  }

  stats(): SimulatorStats {
    return structuredClone({ ...this.counters, transactions: this.held.size });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname;
    if (path.startsWith('/__sim/')) return this.handleControl(req, res, path);
    this.counters.requests += 1;
    if (this.lag.throttle(res)) return;

    const token = /^\/(collection|disbursement)\/token\/?$/.exec(path);
    if (token && req.method === 'POST') return this.issueToken(req, res, token[1] as MomoProduct);

    if (this.failNext) {
      const { status } = this.failNext;
      if (--this.failNext.count <= 0) this.failNext = undefined;
      await readBody(req);
      return send(res, status, serverError(status));
    }

    const balance = /^\/(collection|disbursement)\/v1_0\/account\/balance(?:\/([A-Za-z]{3}))?$/.exec(path);
    if (balance && req.method === 'GET')
      return this.balance(req, res, balance[1] as MomoProduct, balance[2]?.toUpperCase());

    const holder = /^\/(collection|disbursement)\/v1_0\/accountholder\/msisdn\/([^/]+)\/active$/i.exec(path);
    if (holder && req.method === 'GET')
      return this.accountHolder(req, res, holder[1]!.toLowerCase() as MomoProduct, decodeURIComponent(holder[2]!));

    if (path === '/collection/v1_0/requesttopay' && req.method === 'POST') return this.create(req, res, 'collection');
    if (path === '/disbursement/v1_0/transfer' && req.method === 'POST') return this.create(req, res, 'disbursement');

    const status =
      /^\/(collection)\/v1_0\/requesttopay\/([^/]+)$/.exec(path) ??
      /^\/(disbursement)\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (status && req.method === 'GET')
      return this.status(req, res, status[1] as MomoProduct, decodeURIComponent(status[2]!));

    send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Not part of the simulated API' });
  }

  private issueToken(req: IncomingMessage, res: ServerResponse, product: MomoProduct): void {
    this.counters.tokenRequests[product] += 1;
    if (this.lag.refuseToken(res)) return;
    const { apiUser, apiKey } = localSecrets.momo;
    const basic = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`;
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey(product) || req.headers.authorization !== basic) {
      send(res, 401, { error: 'Access denied due to invalid subscription key or credentials' });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, {
      product,
      serial: ++this.counters.tokensIssued,
      expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000,
    });
    send(res, 200, { access_token: token, token_type: 'access_token', expires_in: TOKEN_TTL_SECONDS });
  }

  /** The checks MTN's gateway makes on every API call; the token's serial and the target environment when they pass. */
  private authorize(
    req: IncomingMessage,
    res: ServerResponse,
    product: MomoProduct,
  ): { tokenSerial: number; environment: MomoEnvironment } | undefined {
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey(product)) {
      send(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
      return undefined;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (!token || token.product !== product || token.expiresAt <= Date.now()) {
      send(res, 401, { code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
      return undefined;
    }
    const environment = MOMO_ENVIRONMENTS.find((name) => name === req.headers['x-target-environment']);
    if (!environment) {
      send(res, 400, {
        code: 'INVALID_TARGET_ENVIRONMENT',
        message: `X-Target-Environment must be one of ${MOMO_ENVIRONMENTS.join(', ')}.`,
      });
      return undefined;
    }
    return { tokenSerial: token.serial, environment };
  }

  /** GET /{product}/v1_0/account/balance[/{currency}] → {availableBalance, currency}: the account's own currency by default (EUR in the sandbox, LRD in Liberia). */
  private balance(req: IncomingMessage, res: ServerResponse, product: MomoProduct, currency: string | undefined): void {
    const auth = this.authorize(req, res, product);
    if (!auth) return;
    const currencies = ENVIRONMENT_CURRENCIES[auth.environment];
    if (currency !== undefined && !currencies.includes(currency)) {
      send(res, 400, {
        code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
        message: `Currency ${currency} is not held in ${auth.environment}.`,
      });
      return;
    }
    const asked = currency ?? currencies[0]!;
    send(res, 200, {
      availableBalance: formatMoney(this.balanceOf(auth.environment, product, asked)),
      currency: asked,
    });
  }

  /** GET /{product}/v1_0/accountholder/msisdn/{number}/active → {result}: false for a number with no active MoMo wallet. */
  private accountHolder(req: IncomingMessage, res: ServerResponse, product: MomoProduct, msisdn: string): void {
    const auth = this.authorize(req, res, product);
    if (!auth) return;
    if (!/^\d{8,15}$/.test(msisdn)) {
      send(res, 400, { code: 'INVALID_PARTY_ID', message: 'The MSISDN is not valid.' });
      return;
    }
    const outcome = momoOutcome(msisdn, auth.environment);
    if (outcome === 'error500' || outcome === 'error503')
      return send(res, outcome === 'error500' ? 500 : 503, serverError(outcome === 'error500' ? 500 : 503));
    send(res, 200, { result: !hasNoWallet(msisdn, auth.environment) });
  }

  private async create(req: IncomingMessage, res: ServerResponse, product: MomoProduct): Promise<void> {
    const text = await readBody(req);
    const auth = this.authorize(req, res, product);
    if (!auth) return;
    const { tokenSerial, environment } = auth;

    const referenceId = header(req, 'x-reference-id');
    if (!referenceId || !UUID.test(referenceId)) {
      send(res, 400, { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' });
      return;
    }
    const callbackUrl = header(req, 'x-callback-url');
    if (callbackUrl !== undefined && !isHttpUrl(callbackUrl)) {
      send(res, 400, { code: 'INVALID_CALLBACK_URL', message: 'X-Callback-Url must be an http(s) URL.' });
      return;
    }
    // MTN calls back only to the providerCallbackHost registered with the API user (README "Registering the callback host")
    if (callbackUrl !== undefined && new URL(callbackUrl).hostname !== this.callbackHost) {
      send(res, 400, {
        code: 'INVALID_CALLBACK_URL_HOST',
        message: 'Callback URL with a different host than the one registered for the API user.',
      });
      return;
    }
    const parsed = (product === 'collection' ? requestToPaySchema : transferSchema).safeParse(parseJson(text));
    if (!parsed.success) {
      send(res, 400, { code: 'BAD_REQUEST', message: z.prettifyError(parsed.error) });
      return;
    }
    if (!ENVIRONMENT_CURRENCIES[environment].includes(parsed.data.currency)) {
      send(res, 400, {
        code: 'INVALID_CURRENCY',
        message: `Currency not supported in ${environment}: use ${ENVIRONMENT_CURRENCIES[environment].join(' or ')}.`,
      });
      return;
    }
    const key = `${product}:${referenceId}`;
    if (this.held.has(key)) {
      this.held.get(key)!.posts += 1;
      // MTN refuses any second request under one reference, identical or not.
      send(res, 409, {
        code: 'RESOURCE_ALREADY_EXIST',
        message: 'Duplicated reference id. Creation of resource failed.',
      });
      return;
    }

    const request = parsed.data;
    const msisdn = 'payer' in request ? request.payer.partyId : request.payee.partyId;
    const outcome = momoOutcome(msisdn, environment);
    if (outcome === 'error500' || outcome === 'error503') {
      // refused before anything is created: a status query finds nothing
      const status = outcome === 'error500' ? 500 : 503;
      send(res, status, serverError(status));
      return;
    }
    if (outcome === 'flaky' && !this.flaked.has(key)) {
      // as MTN's gateway at times: a 503 for the first request under a reference, nothing held; a resend goes through
      this.flaked.add(key);
      send(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' });
      return;
    }
    const transaction: SimulatedTransaction = {
      product,
      environment,
      referenceId,
      request,
      outcome,
      ...(hasNoWallet(msisdn, environment) ? { offNetwork: true as const } : {}),
      status: 'PENDING',
      tokenSerial,
      posts: 1,
      callbacksSent: 0,
      ...(callbackUrl ? { callbackUrl } : {}),
      createdAt: new Date().toISOString(),
    };
    this.held.set(key, transaction);
    this.decideOutcome(transaction);
    this.save();
    this.scheduleSettle(transaction);

    if (transaction.outcome === 'slow') {
      // a slow request is unknown to status queries until its POST is answered, as MTN's status lags (a resend's 409 too)
      this.unanswered.add(key);
      this.later(this.slowMs, () => {
        this.unanswered.delete(key);
        send(res, 202);
      });
    } else send(res, 202);
  }

  private status(req: IncomingMessage, res: ServerResponse, product: MomoProduct, referenceId: string): void {
    if (!this.authorize(req, res, product)) return;
    const key = `${product}:${referenceId}`;
    const transaction = this.unanswered.has(key) ? undefined : this.held.get(key);
    // MTN still indexing a young reference (./momo-sim-lag.ts): 404 as for one it never received
    if (!transaction || this.lag.stillIndexing(transaction.createdAt)) {
      send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return;
    }
    send(res, 200, transactionBody(transaction));
  }

  /** When and how the transaction settles, kept on it so a restart still settles it. */
  private decideOutcome(transaction: SimulatedTransaction): void {
    const at = (ms: number, to: 'SUCCESSFUL' | 'FAILED', reason?: string, callbacks = 1): void => {
      Object.assign(transaction, {
        settleAt: Date.now() + ms,
        settleTo: to,
        callbacks,
        ...(reason ? { settleReason: reason } : {}),
      });
    };
    // a payee cannot "reject" a transfer; MTN's refusal of a payout is an unknown payee
    const declined = transaction.product === 'collection' ? 'APPROVAL_REJECTED' : 'PAYEE_NOT_FOUND';
    // not an MTN wallet (an Orange number, a Lonestar number with no MoMo account, the inactive one): MTN cannot find it
    if (transaction.offNetwork || transaction.outcome === 'unregistered')
      return at(this.approveMs, 'FAILED', transaction.product === 'collection' ? 'PAYER_NOT_FOUND' : 'PAYEE_NOT_FOUND');
    switch (transaction.outcome) {
      case 'approve':
      case 'slow':
      case 'flaky':
        return at(this.approveMs, 'SUCCESSFUL');
      case 'decline':
        return at(this.approveMs, 'FAILED', declined);
      case 'failed':
        return at(this.approveMs, 'FAILED', 'INTERNAL_PROCESSING_ERROR');
      case 'expire':
        return at(this.expireMs, 'FAILED', 'EXPIRED');
      case 'silent':
        return at(this.approveMs, 'SUCCESSFUL', undefined, 0);
      case 'twice':
        return at(this.approveMs, 'SUCCESSFUL', undefined, 2);
      default:
        return undefined; // stuck (and the sandbox's pending number): PENDING for ever
    }
  }

  private scheduleSettle(transaction: SimulatedTransaction): void {
    if (transaction.status !== 'PENDING' || transaction.settleAt === undefined) return;
    this.later(Math.max(0, transaction.settleAt - Date.now()), () => this.settle(transaction));
  }

  private settle(transaction: SimulatedTransaction): void {
    if (transaction.status !== 'PENDING' || !transaction.settleTo) return;
    let status = transaction.settleTo;
    let reason = transaction.settleReason;
    if (status === 'SUCCESSFUL') {
      const cents = parseMoney(transaction.request.amount) ?? 0;
      const { currency } = transaction.request;
      const moved = this.move(transaction.environment, transaction.product, currency, cents);
      if (!moved) [status, reason] = ['FAILED', 'NOT_ENOUGH_FUNDS'];
    }
    transaction.status = status;
    if (status === 'SUCCESSFUL') transaction.financialTransactionId = String(randomInt(100_000_000, 999_999_999));
    else transaction.reason = reason;
    delete transaction.settleAt;
    this.save();
    this.callBackOnceVisible(transaction);
  }

  /** MTN calls back once its status query can find the transaction (a slow or young one waits). */
  private callBackOnceVisible(transaction: SimulatedTransaction): void {
    if (!transaction.callbackUrl || !transaction.callbacks) return;
    const key = `${transaction.product}:${transaction.referenceId}`;
    if (this.unanswered.has(key) || this.lag.stillIndexing(transaction.createdAt)) {
      this.later(100, () => this.callBackOnceVisible(transaction));
      return;
    }
    void this.callBack(transaction, transaction.callbackUrl, transaction.callbacks);
  }

  /** A payment credits the collection account; a transfer debits the disbursement float, never below zero (false then). */
  private move(environment: MomoEnvironment, product: MomoProduct, currency: string, cents: number): boolean {
    const key = `${environment}:${product}:${currency}`;
    const balance = this.balanceOf(environment, product, currency);
    if (product === 'disbursement' && balance < cents) return false;
    this.balances[key] = product === 'collection' ? balance + cents : balance - cents;
    return true;
  }

  private balanceOf(environment: MomoEnvironment, product: MomoProduct, currency: string): number {
    return (
      this.balances[`${environment}:${product}:${currency}`] ??
      (product === 'disbursement' ? STARTING_BALANCE_CENTS : 0)
    );
  }

  /** PUT the transaction to the callback URL `times` times, one after another; failures are logged, never retried (MTN promises no delivery). */
  private async callBack(transaction: SimulatedTransaction, callbackUrl: string, times: number): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      transaction.callbacksSent += 1;
      this.save();
      const outcome = await deliverCallback(
        callbackUrl,
        'PUT',
        transactionBody(transaction),
        this.callbacksAbort.signal,
        CALLBACK_TIMEOUT_MS,
      );
      if ('stopped' in outcome) return;
      if (outcome.delivered) this.counters.callbacks.delivered += 1;
      else this.callbackFailed(transaction, outcome.why);
    }
  }

  private callbackFailed(transaction: SimulatedTransaction, why: string): void {
    this.counters.callbacks.failed += 1;
    // the callback URL carries a per-payment secret (DESIGN section 7): name the reference only
    console.warn(
      `[momo-simulator] callback for ${transaction.product} ${transaction.referenceId} not delivered: ${why}`,
    );
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private load(): void {
    if (!this.options.dataFile) return;
    const saved = loadState<{ transactions?: SimulatedTransaction[]; balances?: Balances; tokensIssued?: number }>(
      this.options.dataFile,
      'the MoMo simulator',
    );
    for (const transaction of saved?.transactions ?? [])
      this.held.set(`${transaction.product}:${transaction.referenceId}`, transaction);
    this.balances = saved?.balances ?? {};
    this.counters.tokensIssued = saved?.tokensIssued ?? 0;
  }

  private save(): void {
    if (!this.options.dataFile) return;
    saveState(this.options.dataFile, {
      transactions: [...this.held.values()],
      balances: this.balances,
      tokensIssued: this.counters.tokensIssued,
    });
  }

  /**
   * Local-only: counters, one transaction as held, revoking a token (to
   * exercise the adapter's refresh on 401), setting an account's balance
   * (`POST /__sim/balance {environment?, product?, currency?, availableBalance}`,
   * e.g. a low float), answering the next API calls 500 or 503
   * (`POST /__sim/fail-next {status, count?}`) and MTN's lags and push-backs
   * (`POST /__sim/lag {indexMs?, burstPerSecond?, refuseTokens?}`, ./momo-sim-lag.ts).
   */
  private async handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__sim/stats' && req.method === 'GET') return send(res, 200, this.stats());
    if (path === '/__sim/balance' && req.method === 'POST') return this.setBalance(res, parseJson(await readBody(req)));
    if (path === '/__sim/fail-next' && req.method === 'POST') {
      const parsed = failNextSchema.safeParse(parseJson(await readBody(req)));
      if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
      this.failNext = parsed.data.count > 0 ? parsed.data : undefined;
      return send(res, 200, { failNext: this.failNext ?? null });
    }
    const held = /^\/__sim\/(collection|disbursement)\/([^/]+)$/.exec(path);
    if (held && req.method === 'GET') {
      const transaction = this.held.get(`${held[1]}:${decodeURIComponent(held[2]!)}`);
      return transaction ? send(res, 200, transaction) : send(res, 404, { message: 'not held' });
    }
    if (path === '/__sim/lag' && req.method === 'POST') {
      const parsed = lagSchema.safeParse(parseJson(await readBody(req)) ?? {});
      if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
      // refused token requests stand for a rotated key: the tokens it issued die with it
      if (parsed.data.refuseTokens) this.tokens.clear();
      return send(res, 200, this.lagView(this.lag.set(parsed.data)));
    }
    if (path === '/__sim/lag' && req.method === 'GET') return send(res, 200, this.lagView(this.lag.lag));
    if (path === '/__sim/revoke-token' && req.method === 'POST') {
      const { tokenSerial } = (parseJson(await readBody(req)) ?? {}) as { tokenSerial?: unknown };
      let revoked = 0;
      for (const [token, { serial }] of this.tokens) {
        if (serial === tokenSerial) revoked += Number(this.tokens.delete(token));
      }
      return send(res, 200, { revoked });
    }
    send(res, 404, { message: 'unknown simulator control' });
  }

  private lagView(lag: MomoLag) {
    return { ...lag, throttled: this.lag.throttled, tokensRefused: this.lag.tokensRefused };
  }

  private setBalance(res: ServerResponse, body: unknown): void {
    const parsed = balanceSchema.safeParse(body);
    if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
    const { environment, product, availableBalance } = parsed.data;
    const currency = parsed.data.currency ?? ENVIRONMENT_CURRENCIES[environment][0]!;
    this.balances[`${environment}:${product}:${currency}`] = parseMoney(availableBalance)!;
    this.save();
    send(res, 200, {
      environment,
      product,
      availableBalance: formatMoney(this.balanceOf(environment, product, currency)),
      currency,
    });
  }
}

const balanceSchema = z.strictObject({
  environment: z.enum(MOMO_ENVIRONMENTS).default('mtnliberia'),
  product: z.enum(['collection', 'disbursement']).default('disbursement'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  availableBalance: z.string().refine((value) => parseMoney(value) !== null, 'a decimal string such as "10.00"'),
});

const failNextSchema = z.strictObject({
  status: z.union([z.literal(500), z.literal(503)]),
  count: z.number().int().min(0).max(1000).default(1),
});

/** MTN's error bodies for its 500 and 503. */
function serverError(status: number): { code: string; message: string } {
  return status === 503
    ? { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable, try again later.' }
    : { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred while processing.' };
}

/** The status-query answer, also the callback body (MTN sends the same shape to X-Callback-Url). */
function transactionBody(t: SimulatedTransaction): MomoResultBody {
  return {
    ...(t.financialTransactionId ? { financialTransactionId: t.financialTransactionId } : {}),
    ...t.request,
    status: t.status,
    ...(t.reason ? { reason: t.reason } : {}),
  };
}

function subscriptionKey(product: MomoProduct): string {
  return product === 'collection'
    ? localSecrets.momo.collectionSubscriptionKey
    : localSecrets.momo.disbursementSubscriptionKey;
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
