import { USSD_SERVERS, type UssdServer } from '../../shared/ussd';
import { formatMoney, type Currency } from '../../shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '../../shared/phone';
import { ApiError } from '../lib/errors';
import { priceOf, resolveTarget, type EntryTarget } from '../play/entry-target';
import { startEntry } from '../play/start-entry';
import { verifyTicket } from '../play/verify-ticket';

/** USSD screens hold at most 182 characters (DESIGN section 1). */
export const USSD_MAX = 182;

export interface UssdRequest {
  server: UssdServer;
  phoneNumber: string;
  /** The dialled code, e.g. `*384#` or `*384*12345#` (a promo code dialled directly). */
  serviceCode: string;
  /** Everything typed this session, joined by `*` (Africa's Talking). */
  text: string;
  now: Date;
}

const con = (text: string) => fit(`CON ${text}`);
const end = (text: string) => fit(`END ${text}`);
function fit(text: string): string {
  return text.length <= USSD_MAX ? text : `${text.slice(0, USSD_MAX - 1)}…`;
}

const MAIN = con('Welcome to Raffle Liberia\n1. Daily Cash Giveaway\n2. Jackpot\n3. Enter a promo code\n4. Check a ticket');
const INVALID = end('That choice is not on the menu. Dial again to start over.');

/**
 * The USSD menu (DESIGN section 8): daily draw, jackpot, enter a promo code,
 * check a ticket; a code dialled directly jumps to its promotion. Stateless:
 * each request replays the session's inputs, so a dropped session leaves
 * nothing half-done. `0` goes back one screen.
 */
export async function ussdReply(request: UssdRequest): Promise<string> {
  const inputs = replayInputs(request);
  const [first, ...rest] = inputs;
  if (first === undefined) return MAIN;
  switch (first) {
    case '1':
      return payScreen({ kind: 'house', game: 'daily' }, rest, request);
    case '2':
      return payScreen({ kind: 'house', game: 'jackpot' }, rest, request);
    case '3': {
      const [code, ...more] = rest;
      if (code === undefined) return con('Enter the promo code you heard on air:');
      return payScreen({ kind: 'code', sharedCode: code }, more, request);
    }
    case '4': {
      const [ticket] = rest;
      if (ticket === undefined) return con('Enter your 14-digit ticket number:');
      return end((await verifyTicket('any', ticket, request.now)).message);
    }
    default:
      // a promo code dialled or typed straight away
      return /^\d{3,10}$/.test(first) ? payScreen({ kind: 'code', sharedCode: first }, rest, request) : INVALID;
  }
}

/** The inputs of this session with `0` (back) applied, and a code dialled in the service code first. */
export function replayInputs(request: Pick<UssdRequest, 'serviceCode' | 'text'>): string[] {
  const dialled = /^\*\d+\*(\d{3,10})#$/.exec(request.serviceCode.trim())?.[1];
  const typed = request.text === '' ? [] : request.text.split('*');
  const stack: string[] = [];
  for (const input of [...(dialled ? [dialled] : []), ...typed]) {
    if (input === '0' && stack.length > 0) stack.pop();
    else stack.push(input.trim());
  }
  return stack;
}

async function payScreen(target: EntryTarget, rest: string[], request: UssdRequest): Promise<string> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return end(INVALID_MOBILE_NUMBER);
  let title: string;
  let prices: Array<[Currency, number]>;
  try {
    const resolved = await resolveTarget(target, msisdn, request.server);
    title = resolved.promotion.title;
    prices = (['LRD', 'USD'] as const)
      .map((c) => [c, priceOf(resolved.promotion, c)] as [Currency, number])
      .filter(([, cents]) => cents > 0);
  } catch (error) {
    if (error instanceof ApiError) return end(error.message);
    throw error;
  }
  const [choice] = rest;
  if (choice === undefined) {
    const lines = prices.map(([currency, cents], i) => `${i + 1}. Pay ${formatMoney(cents)} ${currency}`);
    return con(`${title}\n${lines.join('\n')}\n0. Back`);
  }
  const picked = prices[Number(choice) - 1];
  if (!/^\d$/.test(choice) || !picked) return INVALID;
  try {
    const started = await startEntry({
      target,
      mobileNumber: msisdn,
      currency: picked[0],
      channel: 'ussd',
      via: request.server,
      now: request.now,
    });
    return end(`Approve the ${formatMoney(started.entry.amountCents)} ${picked[0]} prompt on your phone to enter ${title}. Your ticket comes by SMS.`);
  } catch (error) {
    if (error instanceof ApiError) return end(error.message);
    throw error;
  }
}

export function isUssdServer(value: string): value is UssdServer {
  return (USSD_SERVERS as readonly string[]).includes(value);
}
