import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatMoney } from '@shared/money';
import type { MomoGateway } from './momo-sim-gateway';
import { ENVIRONMENT_CURRENCIES, hasNoWallet, type MomoEnvironment, momoOutcome, serverError } from './momo-sim-rules';
import type { MomoProduct } from './provider-docs/mtn-momo';
import { send } from './sim-http';

/**
 * The MoMo simulator's accounts (./momo-simulator.ts): the balances money
 * moves between, and MTN's two account calls, the balance of our account and
 * whether a number holds an active MoMo wallet.
 */

/** Each account's balance in cents, by `environment:product:currency`. */
export type Balances = Record<string, number>;

/** Every account starts with this much (100 000 000.00), so only a test that lowers the float sees it run out. */
const STARTING_BALANCE_CENTS = 10_000_000_000;

/** The MoMo simulator's accounts: a collection account and a disbursement float per environment and currency. */
export class MomoLedger {
  balances: Balances = {};

  /** A payment credits the collection account; a transfer debits the disbursement float, never below zero (false then). */
  move(environment: MomoEnvironment, product: MomoProduct, currency: string, cents: number): boolean {
    const balance = this.balanceOf(environment, product, currency);
    if (product === 'disbursement' && balance < cents) return false;
    this.balances[`${environment}:${product}:${currency}`] =
      product === 'collection' ? balance + cents : balance - cents;
    return true;
  }

  balanceOf(environment: MomoEnvironment, product: MomoProduct, currency: string): number {
    return (
      this.balances[`${environment}:${product}:${currency}`] ??
      (product === 'disbursement' ? STARTING_BALANCE_CENTS : 0)
    );
  }

  set(environment: MomoEnvironment, product: MomoProduct, currency: string, cents: number): void {
    this.balances[`${environment}:${product}:${currency}`] = cents;
  }
}

/** GET /{product}/v1_0/account/balance[/{currency}] → {availableBalance, currency}: the account's own currency by default (EUR in the sandbox, LRD in Liberia). */
export function answerBalance(
  gateway: MomoGateway,
  ledger: MomoLedger,
  req: IncomingMessage,
  res: ServerResponse,
  product: MomoProduct,
  currency: string | undefined,
): void {
  const auth = gateway.authorize(req, res, product);
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
    availableBalance: formatMoney(ledger.balanceOf(auth.environment, product, asked)),
    currency: asked,
  });
}

/** GET /{product}/v1_0/accountholder/msisdn/{number}/active → {result}: false for a number with no active MoMo wallet. */
export function answerAccountHolder(
  gateway: MomoGateway,
  req: IncomingMessage,
  res: ServerResponse,
  product: MomoProduct,
  msisdn: string,
): void {
  const auth = gateway.authorize(req, res, product);
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
