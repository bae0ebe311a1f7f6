import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { formatMoney, parseMoney } from '@shared/money';
import type { MomoLedger } from './momo-sim-accounts';
import { lagSchema, type MomoLag, type MomoLagState } from './momo-sim-lag';
import {
  ENVIRONMENT_CURRENCIES,
  MOMO_ENVIRONMENTS,
  type SimulatedTransaction,
  type SimulatorStats,
} from './momo-sim-rules';
import { parseJson, readBody, send } from './sim-http';

/** What the MoMo simulator (./momo-simulator.ts) lets its local-only control surface see and change. */
export interface MomoControlled {
  stats(): SimulatorStats;
  /** Answers the next API calls with this status instead (POST /__sim/fail-next). */
  failing: { next: { status: number; count: number } | undefined };
  held: ReadonlyMap<string, SimulatedTransaction>;
  tokens: Map<string, { serial: number }>;
  lag: MomoLagState;
  ledger: MomoLedger;
  save(): void;
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
  status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
  count: z.number().int().min(0).max(1000).default(1),
});

/**
 * Local-only: counters, one transaction as held, revoking a token (to
 * exercise the adapter's refresh on 401), setting an account's balance
 * (`POST /__sim/balance {environment?, product?, currency?, availableBalance}`,
 * e.g. a low float), answering the next API calls 500 or 503
 * (`POST /__sim/fail-next {status, count?}`) and MTN's lags and push-backs
 * (`POST /__sim/lag {indexMs?, burstPerSecond?, refuseTokens?}`, ./momo-sim-lag.ts).
 */
export async function handleMomoControl(
  sim: MomoControlled,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (path === '/__sim/stats' && req.method === 'GET') return send(res, 200, sim.stats());
  if (path === '/__sim/balance' && req.method === 'POST') return setBalance(sim, res, parseJson(await readBody(req)));
  if (path === '/__sim/fail-next' && req.method === 'POST') {
    const parsed = failNextSchema.safeParse(parseJson(await readBody(req)));
    if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
    sim.failing.next = parsed.data.count > 0 ? parsed.data : undefined;
    return send(res, 200, { failNext: sim.failing.next ?? null });
  }
  if (path === '/__sim/fail-next' && req.method === 'GET')
    return send(res, 200, { failNext: sim.failing.next ?? null });
  const held = /^\/__sim\/(collection|disbursement)\/([^/]+)$/.exec(path);
  if (held && req.method === 'GET') {
    const transaction = sim.held.get(`${held[1]}:${decodeURIComponent(held[2]!)}`);
    return transaction ? send(res, 200, transaction) : send(res, 404, { message: 'not held' });
  }
  if (path === '/__sim/lag' && req.method === 'POST') {
    const parsed = lagSchema.safeParse(parseJson(await readBody(req)) ?? {});
    if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
    // refused token requests stand for a rotated key: the tokens it issued die with it
    if (parsed.data.refuseTokens) sim.tokens.clear();
    return send(res, 200, lagView(sim, sim.lag.set(parsed.data)));
  }
  if (path === '/__sim/lag' && req.method === 'GET') return send(res, 200, lagView(sim, sim.lag.lag));
  if (path === '/__sim/revoke-token' && req.method === 'POST') {
    const { tokenSerial } = (parseJson(await readBody(req)) ?? {}) as { tokenSerial?: unknown };
    let revoked = 0;
    for (const [token, { serial }] of sim.tokens) {
      if (serial === tokenSerial) revoked += Number(sim.tokens.delete(token));
    }
    return send(res, 200, { revoked });
  }
  send(res, 404, { message: 'unknown simulator control' });
}

function lagView(sim: MomoControlled, lag: MomoLag) {
  return { ...lag, throttled: sim.lag.throttled, tokensRefused: sim.lag.tokensRefused };
}

function setBalance(sim: MomoControlled, res: ServerResponse, body: unknown): void {
  const parsed = balanceSchema.safeParse(body);
  if (!parsed.success) return send(res, 400, { message: z.prettifyError(parsed.error) });
  const { environment, product, availableBalance } = parsed.data;
  const currency = parsed.data.currency ?? ENVIRONMENT_CURRENCIES[environment][0]!;
  sim.ledger.set(environment, product, currency, parseMoney(availableBalance)!);
  sim.save();
  send(res, 200, {
    environment,
    product,
    availableBalance: formatMoney(sim.ledger.balanceOf(environment, product, currency)),
    currency,
  });
}
