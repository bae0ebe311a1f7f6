import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { localSecrets } from './local-secrets';
import {
  CORE_API_BASE_PATH,
  type CoreEnvelope,
  type CoreOperation,
  type CorePayBody,
  type CoreStatus,
  type CoreTransaction,
} from './provider-docs/orange-money';
import { loadState, saveState } from './sim-state';
import { deliverCallback, listenOnLoopback, parseJson, readBody, runLater, send, stopSimulator } from './sim-http';
import { defaultLateMs, simulatedOutcome, type SimulatedOutcome } from './simulated-outcomes';

/**
 * The Orange Money simulator (DESIGN sections 2 and 8): speaks the subset of
 * the Orange Money Core API (omcoreapis 1.0.2) the product uses, so the real
 * adapter runs locally. OAuth2 client-credentials tokens (`POST /token`);
 * every call checks the Bearer token and the channel user's X-AUTH-TOKEN;
 * `mp` (merchant payment with a PIN prompt) and `cashin` (payout): `init`
 * issues a payToken, `pay` sends it with the transaction (200 PENDING, 417
 * when Orange refuses it, 400 on a body that is not Orange's shape),
 * `paymentstatus/{payToken}` answers `data.status`; a notification is POSTed
 * to notifUrl once, never retried.
 *
 * The subscriber's number decides the outcome by its last six digits, like
 * the MTN simulator's (README "Local default secrets"); only Orange numbers
 * (77…) are Orange wallets: any other is refused, so no network is paid by
 * the other's simulator. Transactions are kept in `dataFile` (under `.data/`
 * on `npm start`), so a restart does not forget payments. Local-only extras
 * for tests live under /__sim/.
 */

export interface OrangeSimTransaction {
  operation: CoreOperation;
  payToken: string;
  /** INITIATED: a payToken `init` issued and no `pay` has used yet (Orange's own word for it). */
  status: CoreStatus | 'INITIATED';
  /** The pay body as received (absent while INITIATED). */
  request?: CorePayBody;
  outcome?: SimulatedOutcome;
  txnid?: string;
  inittxnstatus?: string;
  inittxnmessage?: string;
  confirmtxnstatus?: string;
  /** When a pending outcome resolves (epoch ms), to what, and how many notifications go out then. */
  settleAt?: number;
  settleTo?: CoreStatus;
  /** When it settled (ISO): the bench measures a debit's time to its outcome from it. */
  settledAt?: string;
  notifications?: number;
  notificationsSent: number;
  /** Serial number of the token that issued the payToken (1 = the first token issued). */
  tokenSerial: number;
  id: number;
  createdAt: string;
}

export interface OrangeSimulatorStats {
  /** API requests (tokens included, /__sim excluded). */
  requests: number;
  /** Token requests, refused ones included. */
  tokenRequests: number;
  /** Tokens issued; also the serial of the latest one. */
  tokensIssued: number;
  notifications: { delivered: number; failed: number };
  transactions: number;
}

export interface OrangeSimulatorOptions {
  /** Delay before a prompt is approved (or refused). Default env ORANGE_SIM_APPROVE_MS, else MOMO_SIM_APPROVE_MS, else 1000. */
  approveMs?: number;
  /** How long an "expire" number stays PENDING. Default 3000. */
  expireMs?: number;
  /** How long a "late" number (000109) stays PENDING before it is approved. Default env MOMO_SIM_LATE_APPROVE_MS, else 16 min. */
  lateMs?: number;
  /** How long a "slow" number's pay waits before its answer. Default 10 000 (past the adapter's 8 s timeout). */
  slowMs?: number;
  /** How long a payToken may wait for its `pay` before it expires (Orange: about 7 minutes). */
  payTokenTtlMs?: number;
  /** Where transactions are kept across restarts; none keeps them in memory only. */
  dataFile?: string;
}

const amount = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'amount must be a decimal string such as "100.00"')
  .refine((value) => Number(value) > 0, 'amount must be positive');
const payBodySchema = z.strictObject({
  notifUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  channelUserMsisdn: z.string().regex(/^\d{7,12}$/),
  amount,
  subscriberMsisdn: z.string().regex(/^\d{7,12}$/, 'subscriberMsisdn must be the national number, digits only'),
  pin: z.string().min(1),
  orderId: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'orderId must be 1 to 20 letters, digits, - or _'),
  description: z.string().max(125),
  payToken: z.string().min(1),
});

/** Orange Liberia subscribers (077 numbers) as the Core API writes them: national, without 231. */
const ORANGE_SUBSCRIBER = /^77\d{7}$/;
const TOKEN_TTL_SECONDS = 3600;
const NOTIFICATION_TIMEOUT_MS = 5_000;
const DEFAULT_PAY_TOKEN_TTL_MS = 7 * 60_000;
const TOKEN_PREFIX: Record<CoreOperation, string> = { mp: 'MP', cashin: 'CI' };

export class OrangeSimulator {
  private server?: Server;
  url = '';
  private readonly approveMs: number;
  private readonly expireMs: number;
  private readonly lateMs: number;
  private readonly slowMs: number;
  private readonly payTokenTtlMs: number;
  private readonly tokens = new Map<string, { serial: number; expiresAt: number }>();
  private readonly held = new Map<string, OrangeSimTransaction>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** `pay` calls still to answer 503 with nothing taken (POST /__sim/fail-pay): their payTokens stay INITIATED. */
  private failPay = 0;
  private readonly notificationsAbort = new AbortController();
  private readonly counters: OrangeSimulatorStats = {
    requests: 0,
    tokenRequests: 0,
    tokensIssued: 0,
    notifications: { delivered: 0, failed: 0 },
    transactions: 0,
  };

  constructor(private readonly options: OrangeSimulatorOptions = {}) {
    this.approveMs =
      options.approveMs ?? Number(process.env.ORANGE_SIM_APPROVE_MS ?? process.env.MOMO_SIM_APPROVE_MS ?? 1000);
    this.expireMs = options.expireMs ?? 3000;
    this.lateMs = options.lateMs ?? defaultLateMs();
    this.slowMs = options.slowMs ?? 10_000;
    this.payTokenTtlMs = options.payTokenTtlMs ?? DEFAULT_PAY_TOKEN_TTL_MS;
  }

  async start(port = 0): Promise<void> {
    this.load();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[orange-simulator]', error);
        if (!res.headersSent) send(res, 500, { message: 'simulator error', data: null });
      });
    });
    this.url = await listenOnLoopback(this.server, port);
    // outcomes that were due while the simulator was down resolve now, the rest when due
    for (const transaction of this.held.values()) this.scheduleSettle(transaction);
  }

  async stop(): Promise<void> {
    await stopSimulator(this.server, this.timers, this.notificationsAbort);
  }

  /** What the simulator holds (local-only control surface for tests). */
  transactions(): OrangeSimTransaction[] {
    return [...this.held.values()].map((t) => structuredClone(t));
  }

  stats(): OrangeSimulatorStats {
    return structuredClone({ ...this.counters, transactions: this.held.size });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.url).pathname;
    if (path.startsWith('/__sim/')) return this.handleControl(req, res, path);
    this.counters.requests += 1;

    if (path === '/token' && req.method === 'POST') return this.issueToken(req, res);

    const call = new RegExp(`^${CORE_API_BASE_PATH}/(mp|cashin)/(init|pay|paymentstatus/([^/]+))$`).exec(path);
    const operation = call?.[1] as CoreOperation | undefined;
    if (operation && call?.[2] === 'init' && req.method === 'POST') return this.init(req, res, operation);
    if (operation && call?.[2] === 'pay' && req.method === 'POST') return this.pay(req, res, operation);
    if (operation && call?.[3] && req.method === 'GET')
      return this.status(req, res, operation, decodeURIComponent(call[3]));

    send(res, 404, { message: 'Not part of the simulated API', data: null });
  }

  /** OAuth2 client credentials: Basic clientId:clientSecret, form body grant_type=client_credentials. */
  private async issueToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.counters.tokenRequests += 1;
    const body = new URLSearchParams(await readBody(req));
    const { clientId, clientSecret } = localSecrets.orange;
    if (req.headers.authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`) {
      send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed.' });
      return;
    }
    if (body.get('grant_type') !== 'client_credentials') {
      send(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials.' });
      return;
    }
    const token = randomBytes(18).toString('hex');
    this.tokens.set(token, { serial: ++this.counters.tokensIssued, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    send(res, 200, {
      access_token: token,
      scope: 'am_application_scope default',
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
    });
  }

  /** The API gateway's checks on every Core API call (WSO2 faults, as Orange's gateway answers); the token's serial when they pass. */
  private authorize(req: IncomingMessage, res: ServerResponse): number | undefined {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (!token || token.expiresAt <= Date.now()) {
      send(res, 401, {
        fault: {
          code: 900901,
          message: 'Invalid Credentials',
          description: 'Invalid Credentials. Make sure you have given the correct access token',
        },
      });
      return undefined;
    }
    const { apiUsername, apiPassword } = localSecrets.orange;
    if (req.headers['x-auth-token'] !== Buffer.from(`${apiUsername}:${apiPassword}`).toString('base64')) {
      send(res, 401, { message: 'Invalid X-AUTH-TOKEN', data: null });
      return undefined;
    }
    return token.serial;
  }

  private async init(req: IncomingMessage, res: ServerResponse, operation: CoreOperation): Promise<void> {
    await readBody(req);
    const tokenSerial = this.authorize(req, res);
    if (tokenSerial === undefined) return;
    const transaction: OrangeSimTransaction = {
      operation,
      payToken: newPayToken(operation),
      status: 'INITIATED',
      notificationsSent: 0,
      tokenSerial,
      id: randomInt(10_000_000, 99_999_999),
      createdAt: new Date().toISOString(),
    };
    this.held.set(transaction.payToken, transaction);
    this.save();
    send(res, 200, {
      message: `${operation === 'mp' ? 'Payment' : 'Cashin'} request successfully initiated`,
      data: { payToken: transaction.payToken },
    });
  }

  private async pay(req: IncomingMessage, res: ServerResponse, operation: CoreOperation): Promise<void> {
    const text = await readBody(req);
    if (this.authorize(req, res) === undefined) return;
    const parsed = payBodySchema.safeParse(parseJson(text));
    if (!parsed.success) {
      send(res, 400, { message: z.prettifyError(parsed.error), data: null });
      return;
    }
    const request = parsed.data;
    if (this.failPay > 0) {
      this.failPay -= 1;
      send(res, 503, { message: 'Service temporarily unavailable', data: null });
      return;
    }
    const transaction = this.held.get(request.payToken);
    if (!transaction || transaction.operation !== operation) {
      send(res, 417, { message: '60011 :: Invalid payToken', data: null });
      return;
    }
    if (transaction.status !== 'INITIATED') {
      send(res, 417, { message: '60012 :: payToken already used', data: envelopeData(transaction) });
      return;
    }
    if (this.payTokenExpired(transaction)) {
      send(res, 417, { message: '60013 :: payToken expired', data: envelopeData(transaction) });
      return;
    }
    transaction.request = request;
    const refusal = this.refusal(request);
    if (refusal) {
      Object.assign(transaction, { status: 'FAILED', inittxnstatus: refusal.code, inittxnmessage: refusal.message });
      this.save();
      send(res, 417, { message: `${refusal.code} :: ${refusal.message}`, data: envelopeData(transaction) });
      return;
    }
    const outcome = simulatedOutcome(request.subscriberMsisdn);
    Object.assign(transaction, {
      status: 'PENDING',
      outcome,
      inittxnstatus: '200',
      inittxnmessage:
        operation === 'mp'
          ? 'Payment request sent. The subscriber must confirm the payment with their PIN.'
          : 'Cashin request accepted.',
      ...this.plannedOutcome(operation, outcome),
    });
    this.save();
    this.scheduleSettle(transaction);
    const answer = () =>
      send(res, 200, { message: 'Payment request successfully initiated', data: envelopeData(transaction) });
    if (outcome === 'slow') runLater(this.timers, this.slowMs, answer);
    else answer();
  }

  /** What Orange refuses outright with 417: the merchant contract's PIN and channel, and subscribers who are not Orange wallets. */
  private refusal(request: CorePayBody): { code: string; message: string } | undefined {
    const { pin, channelMsisdnLrd, channelMsisdnUsd } = localSecrets.orange;
    if (request.pin !== pin) return { code: '60014', message: 'Invalid channel user PIN' };
    if (request.channelUserMsisdn !== channelMsisdnLrd && request.channelUserMsisdn !== channelMsisdnUsd) {
      return { code: '60015', message: 'Channel user not found' };
    }
    if (
      !ORANGE_SUBSCRIBER.test(request.subscriberMsisdn) ||
      simulatedOutcome(request.subscriberMsisdn) === 'unregistered'
    ) {
      return { code: '60019', message: 'Subscriber not found' };
    }
    return undefined;
  }

  private status(req: IncomingMessage, res: ServerResponse, operation: CoreOperation, payToken: string): void {
    if (this.authorize(req, res) === undefined) return;
    const transaction = this.held.get(payToken);
    if (!transaction || transaction.operation !== operation) {
      send(res, 404, { message: 'Transaction not found', data: null });
      return;
    }
    send(res, 200, statusBody(transaction, this.payTokenExpired(transaction)));
  }

  private payTokenExpired(transaction: OrangeSimTransaction): boolean {
    return transaction.status === 'INITIATED' && Date.now() - Date.parse(transaction.createdAt) > this.payTokenTtlMs;
  }

  /** When and how a paid-for transaction settles, by the subscriber's test number. */
  private plannedOutcome(operation: CoreOperation, outcome: SimulatedOutcome): Partial<OrangeSimTransaction> {
    const at = (ms: number, settleTo: CoreStatus, notifications: number) => ({
      settleAt: Date.now() + ms,
      settleTo,
      notifications,
    });
    switch (outcome) {
      case 'approve':
      case 'slow':
      case 'flaky':
      // never reached: `pay` refuses an unregistered subscriber outright (refusal)
      case 'unregistered':
        return at(this.approveMs, 'SUCCESSFULL', 1);
      // the subscriber refuses the prompt; a cash-in has no prompt, so Orange fails it
      case 'decline':
        return at(this.approveMs, operation === 'mp' ? 'CANCELLED' : 'FAILED', 1);
      case 'expire':
        return at(this.expireMs, 'EXPIRED', 1);
      case 'silent':
        return at(this.approveMs, 'SUCCESSFULL', 0);
      case 'late':
        return at(this.lateMs, 'SUCCESSFULL', 1);
      case 'twice':
        return at(this.approveMs, 'SUCCESSFULL', 2);
      case 'stuck':
        return {};
    }
  }

  private scheduleSettle(transaction: OrangeSimTransaction): void {
    if (transaction.status !== 'PENDING' || transaction.settleAt === undefined) return;
    runLater(this.timers, Math.max(0, transaction.settleAt - Date.now()), () => this.settle(transaction));
  }

  private settle(transaction: OrangeSimTransaction): void {
    if (transaction.status !== 'PENDING' || !transaction.settleTo) return;
    transaction.status = transaction.settleTo;
    transaction.settledAt = new Date().toISOString();
    transaction.confirmtxnstatus = transaction.status === 'SUCCESSFULL' ? '200' : '60020';
    if (transaction.status === 'SUCCESSFULL') transaction.txnid = newTxnId(transaction.operation);
    delete transaction.settleAt;
    this.save();
    const url = transaction.request?.notifUrl;
    if (url && transaction.notifications) void this.notify(transaction, url, transaction.notifications);
  }

  /** POST the status body to notifUrl `times` times, one after another; failures are logged, never retried. */
  private async notify(transaction: OrangeSimTransaction, url: string, times: number): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      transaction.notificationsSent += 1;
      this.save();
      const outcome = await deliverCallback(
        url,
        'POST',
        statusBody(transaction, false),
        this.notificationsAbort.signal,
        NOTIFICATION_TIMEOUT_MS,
      );
      if ('stopped' in outcome) return;
      if (outcome.delivered) this.counters.notifications.delivered += 1;
      else this.notificationFailed(transaction, outcome.why);
    }
  }

  private notificationFailed(transaction: OrangeSimTransaction, why: string): void {
    this.counters.notifications.failed += 1;
    // notifUrl carries a per-payment secret (DESIGN section 7): name the payToken only
    console.warn(`[orange-simulator] notification for ${transaction.payToken} not delivered: ${why}`);
  }

  private load(): void {
    if (!this.options.dataFile) return;
    const saved = loadState<{ transactions?: OrangeSimTransaction[]; tokensIssued?: number }>(
      this.options.dataFile,
      'the Orange simulator',
    );
    for (const transaction of saved?.transactions ?? []) this.held.set(transaction.payToken, transaction);
    this.counters.tokensIssued = saved?.tokensIssued ?? 0;
  }

  private save(): void {
    if (!this.options.dataFile) return;
    saveState(this.options.dataFile, {
      transactions: [...this.held.values()],
      tokensIssued: this.counters.tokensIssued,
    });
  }

  /**
   * Local-only: counters, a transaction by payToken, those paid under an orderId, revoking a token (to exercise
   * the adapter's refresh on 401), and answering the next `count` pay calls 503 (`POST /__sim/fail-pay {count}`;
   * GET: how many are left).
   */
  private async handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__sim/stats' && req.method === 'GET') return send(res, 200, this.stats());
    const byToken = /^\/__sim\/transactions\/([^/]+)$/.exec(path);
    if (byToken && req.method === 'GET') {
      const transaction = this.held.get(decodeURIComponent(byToken[1]!));
      return transaction ? send(res, 200, transaction) : send(res, 404, { message: 'not held' });
    }
    const byOrder = /^\/__sim\/orders\/([^/]+)$/.exec(path);
    if (byOrder && req.method === 'GET') {
      const orderId = decodeURIComponent(byOrder[1]!);
      return send(res, 200, { transactions: [...this.held.values()].filter((t) => t.request?.orderId === orderId) });
    }
    if (path === '/__sim/fail-pay' && req.method === 'POST') {
      const { count } = (parseJson(await readBody(req)) ?? {}) as { count?: unknown };
      if (!Number.isSafeInteger(count) || (count as number) < 0)
        return send(res, 400, { message: 'count: a whole number' });
      this.failPay = count as number;
      return send(res, 200, { failPay: this.failPay });
    }
    if (path === '/__sim/fail-pay' && req.method === 'GET') return send(res, 200, { failPay: this.failPay });
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

/** The transaction as Orange writes it in `data` (pay answers, status answers and notifications). */
function envelopeData(t: OrangeSimTransaction, expired = false): CoreTransaction {
  // INITIATED as Orange answers it: a payToken no `pay` has used yet, before any prompt shows (DESIGN section 8)
  const status: CoreStatus = expired ? 'EXPIRED' : t.status;
  return {
    id: t.id,
    createtime: String(Math.floor(Date.parse(t.createdAt) / 1000)),
    subscriberMsisdn: t.request?.subscriberMsisdn ?? '',
    amount: t.request?.amount ?? '',
    payToken: t.payToken,
    txnid: t.txnid ?? null,
    txnmode: t.operation.toUpperCase(),
    inittxnmessage: t.inittxnmessage ?? '',
    inittxnstatus: t.inittxnstatus ?? '',
    confirmtxnstatus: t.confirmtxnstatus ?? null,
    confirmtxnmessage: t.status === 'SUCCESSFULL' ? `Transaction ${t.txnid} successful.` : null,
    status,
    notifUrl: t.request?.notifUrl ?? '',
    description: t.request?.description ?? '',
    channelUserMsisdn: t.request?.channelUserMsisdn ?? '',
  };
}

function statusBody(t: OrangeSimTransaction, expired: boolean): CoreEnvelope<CoreTransaction> {
  return { message: 'Transaction retrieved successfully', data: envelopeData(t, expired) };
}

/** e.g. MP251125A1B2C3D4E5F6A7B8C9D0E1: the operation, the date, 20 hex digits. */
function newPayToken(operation: CoreOperation): string {
  const day = new Date().toISOString().slice(2, 10).replace(/-/g, '');
  return `${TOKEN_PREFIX[operation]}${day}${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** e.g. MP251125.1541.C39196, as Orange's txnid. */
function newTxnId(operation: CoreOperation): string {
  const now = new Date().toISOString();
  const stamp = `${now.slice(2, 10).replace(/-/g, '')}.${now.slice(11, 16).replace(':', '')}`;
  return `${TOKEN_PREFIX[operation]}${stamp}.${randomBytes(3).toString('hex').toUpperCase()}`;
}
