import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { USSD_SERVICE_CODE } from '@shared/ussd';
import { dailyTicketRule } from '@shared/ticket-rule';
import { dayOf, drawMomentOn, getHouseRules, scheduleOf, ticketDrawDay } from '../../functions/modules/games';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { getEntry, ticketSmsText, verifyTicket } from '../../functions/modules/entries';
import { ApiClient } from '../support/api';
import { aClientAddress, aUniquePlayerNumber, enterHouseGame, settledState } from '../support/play';
import { setEntry } from '../support/stored-state';

const DAY_MS = 86_400_000;
const text = messages.ticketCheck;

/** "Nov 27, 2026 21:00 GMT": the draw as a player reads it, written out here independently of the code under test. */
const drawNamed = (day: string, drawTime: string) =>
  `${new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })} ${drawTime} GMT`;

async function ussdCheck(phone: string, ticket: string): Promise<string> {
  const form = new URLSearchParams({
    sessionId: 'ATUid_late',
    serviceCode: USSD_SERVICE_CODE,
    phoneNumber: `+${phone}`,
    networkCode: '61801',
    text: `4*${ticket}`,
  });
  const response = await new ApiClient().request(
    'POST',
    `${routes.ussd.path.replace(':server', 'lonestar')}?key=${encodeURIComponent(localDefaults.ussd.lonestar)}`,
    undefined,
    {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    },
  );
  expect(response.status).toBe(200);
  return response.text;
}

/**
 * One rule for late tickets. A daily ticket bought after the
 * day's draw is in the next day's draw, and its SMS, the web checker, USSD's
 * check and the rule function all name that draw.
 */
describe("a daily ticket bought after the day's draw", () => {
  it("is in the next day's draw: the rule, its SMS, the web checker and USSD all say so", async () => {
    const phone = aUniquePlayerNumber();
    const entered = await enterHouseGame('daily', phone, '100.00|LRD');
    const state = await settledState(entered.body.entry_id);
    expect(state.status).toBe('paid');
    const ticket = state.ticket_number!;

    // setup: the ticket was paid one minute after the latest daily draw moment (tonight's, or last night's before it)
    const { rules } = await getHouseRules();
    const schedule = scheduleOf('daily', rules);
    const now = new Date();
    const tonight = drawMomentOn(dayOf(now), schedule);
    const lastDraw = now.getTime() >= tonight.getTime() ? tonight : new Date(tonight.getTime() - DAY_MS);
    const paidAt = new Date(lastDraw.getTime() + 60_000);
    await setEntry(entered.body.entry_id, { paidAt: paidAt.toISOString() });
    const nextDay = dayOf(new Date(lastDraw.getTime() + DAY_MS));
    const expected = text.ofGame('Daily Cash Giveaway', text.waitingDaily(drawNamed(nextDay, schedule.drawTime)));

    expect(ticketDrawDay(schedule, paidAt)).toBe(nextDay);
    expect(await ticketSmsText((await getEntry(entered.body.entry_id))!)).toContain(
      `You are in the draw on ${drawNamed(nextDay, schedule.drawTime)}.`,
    );

    const web = await new ApiClient().call(
      routes.dailyTicketVerification,
      {},
      { ticket_number: ticket },
      { headers: { 'cloudfront-viewer-address': aClientAddress() } },
    );
    expect(web.status).toBe(200);
    expect(web.body).toMatchObject({ outcome: 'waiting', message: expected });
    expect(web.body.message).not.toContain("today's draw");

    expect(await ussdCheck(phone, ticket)).toBe(`END ${expected}`);

    // a minute after it was bought (the evening of the draw it missed) and on the next day before the draw: the same answer
    for (const at of [new Date(paidAt.getTime() + 60_000), new Date(`${nextDay}T00:30:00.000Z`)]) {
      expect(await verifyTicket(ticket, at)).toMatchObject({ outcome: 'waiting', message: expected });
    }
    // once the next day has ended without its draw, it expired under the same rule
    expect(
      await verifyTicket(ticket, new Date(Date.parse(`${nextDay}T00:00:00.000Z`) + DAY_MS + 60_000)),
    ).toMatchObject({
      outcome: 'lost',
      message: text.ofGame('Daily Cash Giveaway', text.expiredDaily),
    });
  });

  it('the rule is one text, naming the configured draw time', () => {
    expect(dailyTicketRule('21:00')).toBe(
      "A daily ticket is in the first daily draw after it is bought: bought after the day's 21:00 GMT draw, it is in the next day's draw.",
    );
    expect(text.expiredDaily).toContain('first daily draw after it is bought');
  });
});
