import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { dammCheckDigit, getEntry, verifyTicket } from '../../functions/modules/entries';
import { formatTicketNumber } from '@shared/ticket-number';
import { dayOf, drawMomentOn, getHouseRules, scheduleOf, ticketDrawWhen } from '../../functions/modules/games';
import { messages } from '@shared/messages';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import {
  aClientAddress,
  aPaidEntryByCode,
  aPromotionToDraw,
  aUniquePlayerNumber,
  enterHouseGame,
  settledState,
} from '../support/play';
import { reserveTicketNumbersDrawing, setEntry, TICKET_CHECKS, useUpRate } from '../support/stored-state';

const ticketMessages = messages.ticketCheck;

/** A paid ticket of a house game, bought through the web form and the simulator. */
async function aTicket(game: 'daily' | 'jackpot') {
  const response = await enterHouseGame(game, aUniquePlayerNumber(), game === 'daily' ? '100.00|LRD' : '200.00|LRD');
  const state = await settledState(response.body.entry_id);
  if (state.status !== 'paid') throw new Error(`ticket not paid: ${JSON.stringify(state)}`);
  return { entryId: response.body.entry_id as string, ticket: state.ticket_number! };
}

const check = (card: 'daily' | 'jackpot', ticket: string, address = aClientAddress()) =>
  new ApiClient().call(
    card === 'daily' ? routes.dailyTicketVerification : routes.jackpotTicketVerification,
    {},
    { ticket_number: ticket },
    { headers: { 'cloudfront-viewer-address': address } },
  );

/** The checker's whole answer: its outcome, its message naming the ticket's game when the ticket was found. */
function answer(outcome: 'won' | 'waiting' | 'lost' | 'unknown', message: string, game?: string) {
  return {
    isWinner: outcome === 'won',
    outcome,
    message: game === undefined ? message : ticketMessages.ofGame(game, message),
    ...(game === undefined ? {} : { game }),
  };
}

const DAY_MS = 86_400_000;

/** A well-formed ticket number at random (10^13 of them: nobody has it). */
function aNumberNobodyHas(): string {
  const digits = Array.from({ length: 13 }, () => Math.floor(Math.random() * 10)).join('');
  return `${digits}${dammCheckDigit(digits)}`;
}

/** "Nov 29, 2026 21:00 GMT": a draw as a player reads it, written with Intl here, apart from the code under test. */
const drawNamed = (moment: Date) =>
  `${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(moment)} ${moment.toISOString().slice(11, 16)} GMT`;

/** The waiting answer of a daily ticket: it names the draw the ticket is in, as its SMS does. */
async function waitingDaily(entryId: string): Promise<string> {
  const [entry, { rules }] = await Promise.all([getEntry(entryId), getHouseRules()]);
  return ticketMessages.waitingDaily(ticketDrawWhen(scheduleOf('daily', rules), new Date(entry!.paidAt!)));
}

let promotion: { sharedCode: string; title: string };

beforeAll(async () => {
  const { user, client } = await fixtureSuperAdmin();
  const assigned = await aPromotionToDraw(client, user.id, await aPartner(), { threshold: 50, starting_threshold: 40 });
  promotion = { sharedCode: assigned.sharedCode, title: assigned.promotion.promotion_title };
});

describe('ticket verification: any ticket, any box', () => {
  it('a valid ticket waiting for its draw (typed with dashes or not)', async () => {
    const { ticket, entryId } = await aTicket('daily');
    for (const typed of [ticket, formatTicketNumber(ticket), ` ${formatTicketNumber(ticket).replace(/-/g, ' ')} `]) {
      const response = await check('daily', typed);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(answer('waiting', await waitingDaily(entryId), 'Daily Cash Giveaway'));
    }
  });

  it("a waiting jackpot ticket names its draw; one bought after the week's draw names next week's", async () => {
    const schedule = scheduleOf('jackpot', (await getHouseRules()).rules);
    const now = new Date();
    // the latest jackpot draw moment at or before now, and the next one a week on
    let latest = drawMomentOn(dayOf(now), schedule);
    while (latest.getUTCDay() !== schedule.weekday || latest > now) latest = new Date(latest.getTime() - DAY_MS);
    const next = new Date(latest.getTime() + 7 * DAY_MS);
    const waiting = (moment: Date) => answer('waiting', ticketMessages.waitingJackpot(drawNamed(moment)), 'Jackpot');

    const boughtNow = await aTicket('jackpot');
    expect((await check('jackpot', boughtNow.ticket)).body).toEqual(waiting(next));

    const before = await aTicket('jackpot');
    await setEntry(before.entryId, { paidAt: new Date(latest.getTime() - 60_000).toISOString() });
    // checked a moment before that draw, as a player did then: it is in that draw
    expect(await verifyTicket(before.ticket, new Date(latest.getTime() - 30_000))).toMatchObject(waiting(latest));

    const after = await aTicket('jackpot');
    await setEntry(after.entryId, { paidAt: new Date(latest.getTime() + 60_000).toISOString() });
    expect((await check('daily', after.ticket)).body).toEqual(waiting(next));
  });

  it('answers a ticket of the other house game in either box, naming its game', async () => {
    const { ticket, entryId } = await aTicket('daily');
    expect((await check('jackpot', ticket)).body).toEqual(
      answer('waiting', await waitingDaily(entryId), 'Daily Cash Giveaway'),
    );
  });

  it('answers a radio promotion ticket in the daily and the jackpot box, naming the promotion', async () => {
    const { ticket } = await aPaidEntryByCode(promotion.sharedCode);
    for (const card of ['daily', 'jackpot'] as const) {
      expect((await check(card, ticket)).body).toEqual(answer('waiting', ticketMessages.waitingLive, promotion.title));
    }
  });

  it('tells a radio promotion winner they won, in the daily box', async () => {
    const { entryId, ticket } = await aPaidEntryByCode(promotion.sharedCode);
    await setEntry(entryId, { wonAt: '2026-11-21T19:30:00.000Z', prizeLrdCents: 500_000 });
    const response = await check('daily', ticket);
    expect(response.body).toEqual(answer('won', ticketMessages.won('5,000.00', 'Nov 21, 2026'), promotion.title));
    expect(response.body.isWinner).toBe(true);
  });

  it('an unknown ticket, and a mistyped one (the check digit catches it)', async () => {
    const digits = '1234567890123';
    expect((await check('daily', `${digits}${dammCheckDigit(digits)}`)).body).toEqual(
      answer('unknown', ticketMessages.unknown),
    );
    const { ticket } = await aTicket('daily');
    const i = [...ticket].findIndex((digit, at) => digit !== ticket[at + 1]);
    const swapped = `${ticket.slice(0, i)}${ticket[i + 1]}${ticket[i]}${ticket.slice(i + 2)}`;
    expect((await check('daily', swapped)).body).toEqual(answer('unknown', ticketMessages.checkDigit));
    expect((await check('daily', 'abc')).body).toEqual(answer('unknown', ticketMessages.malformed));
    expect((await check('daily', '1234567890')).body).toEqual(answer('unknown', ticketMessages.malformed));
  });

  it('never gives a number twice: a number drawn again is drawn afresh, and a reserved one no entry took is no ticket', async () => {
    const { ticket, entryId } = await aTicket('daily');
    const fresh = aNumberNobodyHas();
    // a settler drawing the number a ticket has gets another; the ticket is still its entry's
    const reserved = await reserveTicketNumbersDrawing(['an-entry-settling-next'], [ticket, fresh]);
    expect(reserved.get('an-entry-settling-next')).toBe(fresh);
    expect((await check('daily', ticket)).body).toEqual(
      answer('waiting', await waitingDaily(entryId), 'Daily Cash Giveaway'),
    );
    // a number reserved for an entry that then took another (its settler stopped before its transaction) is unknown
    const stray = aNumberNobodyHas();
    await reserveTicketNumbersDrawing([entryId], [stray]);
    expect((await check('daily', stray)).body).toEqual(answer('unknown', ticketMessages.unknown));
  });

  it('says one digit looks wrong when only the last (check) digit is mistyped', async () => {
    const { ticket } = await aTicket('jackpot');
    const wrongLast = `${ticket.slice(0, 13)}${(Number(ticket[13]) + 1) % 10}`;
    for (const card of ['daily', 'jackpot'] as const) {
      expect((await check(card, formatTicketNumber(wrongLast))).body).toEqual(
        answer('unknown', ticketMessages.checkDigit),
      );
    }
  });

  it('an expired daily ticket (its draw day passed undrawn) and an expired jackpot ticket (over a week)', async () => {
    const daily = await aTicket('daily');
    // two days back: whatever the hour now, that ticket's draw day has ended
    await setEntry(daily.entryId, { paidAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect((await check('daily', daily.ticket)).body).toEqual(
      answer('lost', ticketMessages.expiredDaily, 'Daily Cash Giveaway'),
    );
    const jackpot = await aTicket('jackpot');
    await setEntry(jackpot.entryId, { paidAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect((await check('jackpot', jackpot.ticket)).body).toEqual(
      answer('lost', ticketMessages.expiredJackpot, 'Jackpot'),
    );
  });

  it('a lost ticket (its window was drawn) and a won one (amount and date)', async () => {
    const lost = await aTicket('daily');
    const entry = await getEntry(lost.entryId);
    await setEntry(lost.entryId, { windowNo: entry!.windowNo! - 1 });
    // (links the earlier window's draw record when that draw exists on this stack)
    expect((await check('daily', lost.ticket)).body).toMatchObject(
      answer('lost', ticketMessages.lost, 'Daily Cash Giveaway'),
    );

    const won = await aTicket('jackpot');
    await setEntry(won.entryId, { wonAt: '2026-11-22T21:00:00.000Z', prizeLrdCents: 2_500_000 });
    expect((await check('jackpot', won.ticket)).body).toEqual(
      answer('won', ticketMessages.won('25,000.00', 'Nov 22, 2026'), 'Jackpot'),
    );
  });

  it('refuses none of the checks one address sends at once below its limit (rate limit, DESIGN section 7)', async () => {
    const address = aClientAddress();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await check('daily', '12345678901234', address)).status),
    );
    expect(TICKET_CHECKS.limit).toBeGreaterThan(100);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('refuses exactly the checks over the limit when one address sends more at once, without touching other addresses', async () => {
    const address = aClientAddress();
    // all but 40 of the window used already, then 55 checks at once
    await useUpRate(TICKET_CHECKS, address.replace(/:\d+$/, ''), TICKET_CHECKS.limit - 40);
    const responses = await Promise.all(Array.from({ length: 55 }, () => check('daily', '12345678901234', address)));
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(40);
    expect(refused[0]!.body).toEqual({ error: messages.limits.ticketChecks });
    expect((await check('daily', '12345678901234')).status).toBe(200);
  });

  it('tells an address over its limit so before looking at its body (429, not 400)', async () => {
    const address = aClientAddress();
    await useUpRate(TICKET_CHECKS, address.replace(/:\d+$/, ''), TICKET_CHECKS.limit);
    const response = await new ApiClient().call(
      routes.dailyTicketVerification,
      {},
      {},
      { headers: { 'cloudfront-viewer-address': address } },
    );
    expect(response.status).toBe(429);
    expect(response.body).toEqual({ error: messages.limits.ticketChecks });
  });

  it('refuses an empty request with 400, never 500', async () => {
    const response = await new ApiClient().call(
      routes.dailyTicketVerification,
      {},
      {},
      { headers: { 'cloudfront-viewer-address': aClientAddress() } },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Enter a ticket number.');
  });
});
