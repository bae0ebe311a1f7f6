import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';
import { MOMO_TEXT_ALLOWED, type MomoProduct, type MomoTransactionBody } from '../../functions/integrations/momo/momo-wire';
import { CURRENCIES } from '../../shared/money';
import { networkOf } from '../../shared/phone';
import { localSecrets } from './local-secrets';
import { deliverCallback, parseJson, readBody, send } from './sim-http';
import { simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

/**
 * The mobile-money simulator (DESIGN sections 2 and 8): speaks the subset of
 * the MTN MoMo Open API the product uses, so the real adapter runs locally.
 * OAuth tokens per product; requesttopay and transfer (202, 409 on a reused
 * X-Reference-Id, 400 on a body that is not MTN's shape) and their status
 * queries; callbacks PUT to X-Callback-Url like MTN's, delivered once and
 * never retried. Transactions live in memory.
 *
 * The payer's (or payee's) number decides the outcome, by its last six digits
 * (README "Local default secrets"). An Orange number is not an MTN wallet:
 * MTN fails it as PAYER_NOT_FOUND / PAYEE_NOT_FOUND and no money moves, so
 * the local stack cannot hide a payment routed to the wrong network (DESIGN
 * section 8). Local-only extras for tests live under /__sim/.
 */

export { SIMULATED_OUTCOMES, simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

export interface SimulatedTransaction {
  product: MomoProduct;
  referenceId: string;
  /** The request body exactly as received. */
  request: z.infer<typeof requestToPaySchema> | z.infer<typeof transferSchema>;
  outcome: SimulatedOutcome;
  /** The number is not on MTN's network (an Orange number): MTN cannot find the wallet. */
  offNetwork?: true;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  financialTransactionId?: string;
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
   * the adapter's 8 s timeout). Until then a slow transfer's status query
   * answers 404 (NOT_FOUND), though the transfer goes ahead.
   */
  slowMs?: number;
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
  .regex(MOMO_TEXT_ALLOWED, 'special characters are not allowed: use letters, digits, spaces and .,-')
  .optional();
const common = {
  amount,
  currency: z.enum(CURRENCIES),
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
  private readonly tokens = new Map<string, { product: MomoProduct; serial: number; expiresAt: number }>();
  private readonly held = new Map<string, SimulatedTransaction>();
  /** "Flaky" references whose first POST was answered 503. */
  private readonly flaked = new Set<string>();
  /** Slow transfers whose POST is not answered yet: their status query answers 404 meanwhile. */
  private readonly unanswered = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly callbacksAbort = new AbortController();
  private readonly counters: SimulatorStats = {
    requests: 0,
    tokenRequests: { collection: 0, disbursement: 0 },
    tokensIssued: 0,
    callbacks: { delivered: 0, failed: 0 },
    transactions: 0,
  };

  constructor(options: MomoSimulatorOptions = {}) {
    this.approveMs = options.approveMs ?? Number(process.env.MOMO_SIM_APPROVE_MS ?? 1000);
    this.expireMs = options.expireMs ?? 3000;
    this.slowMs = options.slowMs ?? 10_000;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[momo-simulator]', error);
        if (!res.headersSent) send(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: 'simulator error' });
      });
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.callbacksAbort.abort();
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((done) => this.server!.close(() => done()));
    }
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

    const token = /^\/(collection|disbursement)\/token\/?$/.exec(path);
    if (token && req.method === 'POST') return this.issueToken(req, res, token[1] as MomoProduct);

    if (path === '/collection/v1_0/requesttopay' && req.method === 'POST') return this.create(req, res, 'collection');
    if (path === '/disbursement/v1_0/transfer' && req.method === 'POST') return this.create(req, res, 'disbursement');

    const status = /^\/(collection)\/v1_0\/requesttopay\/([^/]+)$/.exec(path) ?? /^\/(disbursement)\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (status && req.method === 'GET') return this.status(req, res, status[1] as MomoProduct, decodeURIComponent(status[2]!));

    send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Not part of the simulated API' });
  }

  private issueToken(req: IncomingMessage, res: ServerResponse, product: MomoProduct): void {
    this.counters.tokenRequests[product] += 1;
    const { apiUser, apiKey } = localSecrets.momo;
    const basic = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`;
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey(product) || req.headers.authorization !== basic) {
      send(res, 401, { error: 'Access denied due to invalid subscription key or credentials' });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { product, serial: ++this.counters.tokensIssued, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    send(res, 200, { access_token: token, token_type: 'access_token', expires_in: TOKEN_TTL_SECONDS });
  }

  /** The checks MTN's gateway makes on every API call; the token's serial when they pass. */
  private authorize(req: IncomingMessage, res: ServerResponse, product: MomoProduct): number | undefined {
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
    if (req.headers['x-target-environment'] !== localSecrets.momo.targetEnvironment) {
      send(res, 400, { code: 'INVALID_TARGET_ENVIRONMENT', message: `X-Target-Environment must be ${localSecrets.momo.targetEnvironment}.` });
      return undefined;
    }
    return token.serial;
  }

  private async create(req: IncomingMessage, res: ServerResponse, product: MomoProduct): Promise<void> {
    const text = await readBody(req);
    const tokenSerial = this.authorize(req, res, product);
    if (tokenSerial === undefined) return;

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
    const parsed = (product === 'collection' ? requestToPaySchema : transferSchema).safeParse(parseJson(text));
    if (!parsed.success) {
      send(res, 400, { code: 'BAD_REQUEST', message: z.prettifyError(parsed.error) });
      return;
    }
    const key = `${product}:${referenceId}`;
    if (this.held.has(key)) {
      this.held.get(key)!.posts += 1;
      // MTN refuses any second request under one reference, identical or not.
      send(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
      return;
    }

    const request = parsed.data;
    const msisdn = 'payer' in request ? request.payer.partyId : request.payee.partyId;
    if (simulatedOutcome(msisdn) === 'flaky' && !this.flaked.has(key)) {
      // as MTN's gateway at times: a 503 for the first request under a reference, nothing held; a resend goes through
      this.flaked.add(key);
      send(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' });
      return;
    }
    const transaction: SimulatedTransaction = {
      product,
      referenceId,
      request,
      outcome: simulatedOutcome(msisdn),
      ...(networkOf(msisdn) === 'orange' ? { offNetwork: true as const } : {}),
      status: 'PENDING',
      tokenSerial,
      posts: 1,
      callbacksSent: 0,
      ...(callbackUrl ? { callbackUrl } : {}),
      createdAt: new Date().toISOString(),
    };
    this.held.set(key, transaction);
    this.scheduleOutcome(transaction, callbackUrl);

    if (transaction.outcome === 'slow') {
      // a slow transfer is unknown to status queries until its POST is answered, as a provider whose status lags
      if (product === 'disbursement') this.unanswered.add(key);
      this.later(this.slowMs, () => {
        this.unanswered.delete(key);
        send(res, 202);
      });
    } else send(res, 202);
  }

  private status(req: IncomingMessage, res: ServerResponse, product: MomoProduct, referenceId: string): void {
    if (this.authorize(req, res, product) === undefined) return;
    const key = `${product}:${referenceId}`;
    const transaction = this.unanswered.has(key) ? undefined : this.held.get(key);
    if (!transaction) {
      send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return;
    }
    send(res, 200, transactionBody(transaction));
  }

  private scheduleOutcome(transaction: SimulatedTransaction, callbackUrl: string | undefined): void {
    const settle = (status: 'SUCCESSFUL' | 'FAILED', reason: string | undefined, callbacks: number) => {
      transaction.status = status;
      if (status === 'SUCCESSFUL') transaction.financialTransactionId = String(randomInt(100_000_000, 999_999_999));
      else transaction.reason = reason;
      if (callbackUrl && callbacks > 0) void this.callBack(transaction, callbackUrl, callbacks);
    };
    // a payee cannot "reject" a transfer; MTN's refusal of a payout is an unknown payee
    const declined = transaction.product === 'collection' ? 'APPROVAL_REJECTED' : 'PAYEE_NOT_FOUND';
    // not an MTN wallet (an Orange number, or a Lonestar number with no MoMo account): MTN cannot find it
    if (transaction.offNetwork || transaction.outcome === 'unregistered') {
      const notFound = transaction.product === 'collection' ? 'PAYER_NOT_FOUND' : 'PAYEE_NOT_FOUND';
      return this.later(this.approveMs, () => settle('FAILED', notFound, 1));
    }
    switch (transaction.outcome) {
      case 'approve':
      case 'slow':
      case 'flaky':
        return this.later(this.approveMs, () => settle('SUCCESSFUL', undefined, 1));
      case 'decline':
        return this.later(this.approveMs, () => settle('FAILED', declined, 1));
      case 'expire':
        return this.later(this.expireMs, () => settle('FAILED', 'EXPIRED', 1));
      case 'silent':
        return this.later(this.approveMs, () => settle('SUCCESSFUL', undefined, 0));
      case 'twice':
        return this.later(this.approveMs, () => settle('SUCCESSFUL', undefined, 2));
      case 'stuck':
        return;
    }
  }

  /** PUT the transaction to the callback URL `times` times, one after another; failures are logged, never retried (MTN promises no delivery). */
  private async callBack(transaction: SimulatedTransaction, callbackUrl: string, times: number): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      transaction.callbacksSent += 1;
      const outcome = await deliverCallback(callbackUrl, 'PUT', transactionBody(transaction), this.callbacksAbort.signal, CALLBACK_TIMEOUT_MS);
      if ('stopped' in outcome) return;
      if (outcome.delivered) this.counters.callbacks.delivered += 1;
      else this.callbackFailed(transaction, outcome.why);
    }
  }

  private callbackFailed(transaction: SimulatedTransaction, why: string): void {
    this.counters.callbacks.failed += 1;
    // the callback URL carries a per-payment secret (DESIGN section 7): name the reference only
    console.warn(`[momo-simulator] callback for ${transaction.product} ${transaction.referenceId} not delivered: ${why}`);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Local-only: counters, one transaction as held, and revoking a token (to exercise the adapter's refresh on 401). */
  private async handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__sim/stats' && req.method === 'GET') return send(res, 200, this.stats());
    const held = /^\/__sim\/(collection|disbursement)\/([^/]+)$/.exec(path);
    if (held && req.method === 'GET') {
      const transaction = this.held.get(`${held[1]}:${decodeURIComponent(held[2]!)}`);
      return transaction ? send(res, 200, transaction) : send(res, 404, { message: 'not held' });
    }
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
}

/** The status-query answer, also the callback body (MTN sends the same shape to X-Callback-Url). */
function transactionBody(t: SimulatedTransaction): MomoTransactionBody {
  return {
    ...(t.financialTransactionId ? { financialTransactionId: t.financialTransactionId } : {}),
    ...t.request,
    status: t.status,
    ...(t.reason ? { reason: t.reason } : {}),
  };
}

function subscriptionKey(product: MomoProduct): string {
  return product === 'collection' ? localSecrets.momo.collectionSubscriptionKey : localSecrets.momo.disbursementSubscriptionKey;
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
