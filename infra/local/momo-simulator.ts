import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleMomoControl, type MomoControlled } from './momo-sim-control';
import { MomoGateway } from './momo-sim-gateway';
import { MomoSettler } from './momo-sim-settle';
import { answerAccountHolder, answerBalance, type Balances, MomoLedger } from './momo-sim-accounts';
import { MomoLagState } from './momo-sim-lag';
import {
  checkCreate,
  hasNoWallet,
  momoOutcome,
  type SimulatedTransaction,
  type MomoSimulatorOptions,
  type SimulatorStats,
  serverError,
  settlementPlan,
  transactionBody,
} from './momo-sim-rules';
import type { MomoProduct } from './provider-docs/mtn-momo';
import { loadState, saveState } from './sim-state';
import { defaultLateMs } from './simulated-outcomes';
import { listenOnLoopback, parseJson, readBody, runLater, send, stopSimulator } from './sim-http';

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
 *
 * MTN's rules (outcomes by number, environments, bodies, settlement) live in
 * ./momo-sim-rules.ts, the accounts in ./momo-sim-ledger.ts and the
 * local-only /__sim/ controls in ./momo-sim-control.ts.
 */

export {
  type MomoSimulatorOptions,
  type SimulatedTransaction,
  type SimulatorStats,
  simulatedOutcome,
} from './momo-sim-rules';

export class MomoSimulator {
  private server?: Server;
  url = '';
  private readonly approveMs: number;
  private readonly expireMs: number;
  private readonly lateMs: number;
  private readonly slowMs: number;
  private readonly callbackHost: string;
  private readonly ledger = new MomoLedger();
  private readonly gateway: MomoGateway;
  private readonly held = new Map<string, SimulatedTransaction>();
  /** "Flaky" references whose first POST was answered 503. */
  private readonly flaked = new Set<string>();
  /** Slow requests whose POST is not answered yet: their status query answers 404 meanwhile. */
  private readonly unanswered = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly callbacksAbort = new AbortController();
  private readonly lag: MomoLagState;
  private readonly settler: MomoSettler;
  /** What the /__sim/ controls see and change (./momo-sim-control.ts). */
  private readonly control: MomoControlled;
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
    this.lateMs = options.lateMs ?? defaultLateMs();
    this.slowMs = options.slowMs ?? 10_000;
    this.callbackHost = options.callbackHost ?? 'localhost';
    this.lag = new MomoLagState(options.lag);
    this.gateway = new MomoGateway(this.counters, this.lag);
    this.settler = new MomoSettler({
      ledger: this.ledger,
      counters: this.counters,
      lag: this.lag,
      unanswered: this.unanswered,
      save: () => this.save(),
      later: (ms, run) => runLater(this.timers, ms, run),
      signal: this.callbacksAbort.signal,
    });
    this.control = {
      stats: () => this.stats(),
      failing: { next: undefined },
      held: this.held,
      tokens: this.gateway.tokens,
      lag: this.lag,
      ledger: this.ledger,
      save: () => this.save(),
    };
  }

  async start(port = 0): Promise<void> {
    this.load();
    for (const transaction of this.held.values()) this.settler.schedule(transaction);
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
    if (path.startsWith('/__sim/')) return handleMomoControl(this.control, req, res, path);
    this.counters.requests += 1;
    if (this.lag.throttle(res)) return;

    const token = /^\/(collection|disbursement)\/token\/?$/.exec(path);
    if (token && req.method === 'POST') return this.gateway.issueToken(req, res, token[1] as MomoProduct);

    const failNext = this.control.failing.next;
    if (failNext) {
      const { status } = failNext;
      if (--failNext.count <= 0) this.control.failing.next = undefined;
      await readBody(req);
      // a 429 as MTN's throttle answers it (./momo-sim-lag.ts)
      if (status === 429) return this.lag.tooMany(res);
      return send(res, status, serverError(status));
    }

    const balance = /^\/(collection|disbursement)\/v1_0\/account\/balance(?:\/([A-Za-z]{3}))?$/.exec(path);
    if (balance && req.method === 'GET')
      return answerBalance(this.gateway, this.ledger, req, res, balance[1] as MomoProduct, balance[2]?.toUpperCase());

    const holder = /^\/(collection|disbursement)\/v1_0\/accountholder\/msisdn\/([^/]+)\/active$/i.exec(path);
    if (holder && req.method === 'GET')
      return answerAccountHolder(
        this.gateway,
        req,
        res,
        holder[1]!.toLowerCase() as MomoProduct,
        decodeURIComponent(holder[2]!),
      );

    if (path === '/collection/v1_0/requesttopay' && req.method === 'POST') return this.create(req, res, 'collection');
    if (path === '/disbursement/v1_0/transfer' && req.method === 'POST') return this.create(req, res, 'disbursement');

    const status =
      /^\/(collection)\/v1_0\/requesttopay\/([^/]+)$/.exec(path) ??
      /^\/(disbursement)\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (status && req.method === 'GET')
      return this.status(req, res, status[1] as MomoProduct, decodeURIComponent(status[2]!));

    send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Not part of the simulated API' });
  }

  private async create(req: IncomingMessage, res: ServerResponse, product: MomoProduct): Promise<void> {
    const text = await readBody(req);
    const auth = this.gateway.authorize(req, res, product);
    if (!auth) return;
    const { tokenSerial, environment } = auth;
    const checked = checkCreate(req, parseJson(text), product, environment, this.callbackHost);
    if ('status' in checked) return send(res, checked.status, checked.body);
    const { referenceId, callbackUrl, request } = checked;
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
    Object.assign(transaction, settlementPlan(transaction, this.approveMs, this.expireMs, this.lateMs));
    this.save();
    this.settler.schedule(transaction);

    if (transaction.outcome === 'slow') {
      // a slow request is unknown to status queries until its POST is answered, as MTN's status lags (a resend's 409 too)
      this.unanswered.add(key);
      runLater(this.timers, this.slowMs, () => {
        this.unanswered.delete(key);
        send(res, 202);
      });
    } else send(res, 202);
  }

  private status(req: IncomingMessage, res: ServerResponse, product: MomoProduct, referenceId: string): void {
    if (!this.gateway.authorize(req, res, product)) return;
    const key = `${product}:${referenceId}`;
    const transaction = this.unanswered.has(key) ? undefined : this.held.get(key);
    // MTN still indexing a young reference (./momo-sim-lag.ts): 404 as for one it never received
    if (!transaction || this.lag.stillIndexing(transaction.createdAt)) {
      send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return;
    }
    send(res, 200, transactionBody(transaction));
  }

  private load(): void {
    if (!this.options.dataFile) return;
    const saved = loadState<{ transactions?: SimulatedTransaction[]; balances?: Balances; tokensIssued?: number }>(
      this.options.dataFile,
      'the MoMo simulator',
    );
    for (const transaction of saved?.transactions ?? [])
      this.held.set(`${transaction.product}:${transaction.referenceId}`, transaction);
    this.ledger.balances = saved?.balances ?? {};
    this.counters.tokensIssued = saved?.tokensIssued ?? 0;
  }

  private save(): void {
    if (!this.options.dataFile) return;
    saveState(this.options.dataFile, {
      transactions: [...this.held.values()],
      balances: this.ledger.balances,
      tokensIssued: this.counters.tokensIssued,
    });
  }
}
