import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/api/routes';
import { dammCheckDigit, formatTicketNumber } from '../../functions/domain/ticket-number';
import { db, tableName } from '../../functions/lib/dynamo';
import { ticketMessages } from '../../functions/play/verify-ticket';
import { getEntry } from '../../functions/store/entries';
import { keys } from '../../functions/store/keys';
import { TICKET_CHECKS } from '../../functions/store/rate-limits';
import { messages } from '../../shared/messages';
import { ApiClient } from '../support/api';
import { aClientAddress, aUniquePlayerNumber, enterHouseGame, settledState, useUpRate } from '../support/play';

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

/** Stand-in for a draw (issue 6) until draws exist: change what a draw would change on the entry. */
async function setEntry(entryId: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entry(entryId),
      UpdateExpression: `SET ${names.map((n) => `${n} = :${n}`).join(', ')}`,
      ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
    }),
  );
}

describe('ticket verification (issue 5 item 7)', () => {
  it('a valid ticket waiting for its draw (typed with dashes or not)', async () => {
    const { ticket } = await aTicket('daily');
    for (const typed of [ticket, formatTicketNumber(ticket), ` ${formatTicketNumber(ticket).replace(/-/g, ' ')} `]) {
      const response = await check('daily', typed);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ isWinner: false, message: ticketMessages.waitingDaily });
    }
    const jackpot = await aTicket('jackpot');
    expect((await check('jackpot', jackpot.ticket)).body).toEqual({ isWinner: false, message: ticketMessages.waitingJackpot });
  });

  it('a ticket of the other game', async () => {
    const { ticket } = await aTicket('daily');
    expect((await check('jackpot', ticket)).body).toEqual({
      isWinner: false,
      message: ticketMessages.otherGame('Daily Cash Giveaway', 'Jackpot'),
    });
  });

  it('an unknown ticket, and a mistyped one (the check digit catches it)', async () => {
    const digits = '1234567890123';
    expect((await check('daily', `${digits}${dammCheckDigit(digits)}`)).body).toEqual({ isWinner: false, message: ticketMessages.unknown });
    const { ticket } = await aTicket('daily');
    const i = [...ticket].findIndex((digit, at) => digit !== ticket[at + 1]);
    const swapped = `${ticket.slice(0, i)}${ticket[i + 1]}${ticket[i]}${ticket.slice(i + 2)}`;
    expect((await check('daily', swapped)).body.message).toBe(ticketMessages.malformed);
    expect((await check('daily', 'abc')).body.message).toBe(ticketMessages.malformed);
  });

  it('an expired daily ticket (its draw day passed undrawn) and an expired jackpot ticket (over a week)', async () => {
    const daily = await aTicket('daily');
    // two days back: whatever the hour now, that ticket's draw day has ended
    await setEntry(daily.entryId, { paidAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect((await check('daily', daily.ticket)).body).toEqual({ isWinner: false, message: ticketMessages.expiredDaily });
    const jackpot = await aTicket('jackpot');
    await setEntry(jackpot.entryId, { paidAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect((await check('jackpot', jackpot.ticket)).body).toEqual({ isWinner: false, message: ticketMessages.expiredJackpot });
  });

  it('a lost ticket (its window was drawn) and a won one (amount and date)', async () => {
    const lost = await aTicket('daily');
    const entry = await getEntry(lost.entryId);
    await setEntry(lost.entryId, { windowNo: entry!.windowNo! - 1 });
    expect((await check('daily', lost.ticket)).body).toEqual({ isWinner: false, message: ticketMessages.lost });

    const won = await aTicket('jackpot');
    await setEntry(won.entryId, { wonAt: '2026-11-22T21:00:00.000Z', prizeLrdCents: 2_500_000 });
    expect((await check('jackpot', won.ticket)).body).toEqual({ isWinner: true, message: ticketMessages.won('25000.00', '2026-11-22') });
  });

  it('refuses none of the checks one address sends at once below its limit (rate limit, DESIGN section 7)', async () => {
    const address = aClientAddress();
    const statuses = await Promise.all(Array.from({ length: 100 }, async () => (await check('daily', '12345678901234', address)).status));
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

  it('refuses an empty request with 400, never 500', async () => {
    const response = await new ApiClient().call(routes.dailyTicketVerification, {}, {}, { headers: { 'cloudfront-viewer-address': aClientAddress() } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Enter a ticket number.');
  });
});
