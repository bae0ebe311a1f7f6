import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { myTicketsMessages } from '@shared/my-tickets';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import { formatTicketNumber } from '@shared/ticket-number';
import { ussdPlayerMessages } from '@shared/ussd';
import { TICKETS_CODE_LIMITS } from '../../functions/modules/players';
import { deliverSms, getSms, resendSms, smsIdOf } from '../../functions/modules/messages';
import { ApiClient } from '../support/api';
import { codeFromSms } from '../support/my-tickets';
import {
  aClientAddress,
  aStoredPendingDaily,
  aUniquePlayerNumber,
  enterHouseGame,
  settledState,
} from '../support/play';
import { expireAccessCode, useUpRate } from '../support/stored-state';
import { dialAs, screenText } from '../support/ussd';

/**
 * The web's My tickets (DESIGN section 4 "A ticket is never lost by the
 * browser", section 7): a one-time code by SMS to the number, then the list
 * USSD My tickets gives, for a short session in an HttpOnly cookie.
 */

/** A client from its own address (per-address limits of parallel tests stay apart). */
function aPlayerClient(address = aClientAddress()) {
  const client = new ApiClient();
  const headers = { 'cloudfront-viewer-address': address };
  return {
    client,
    askCode: (mobile: string) => client.call(routes.requestTicketsCode, {}, { mobile_number: mobile }, { headers }),
    useCode: (mobile: string, code: string) =>
      client.call(routes.openTicketsSession, {}, { mobile_number: mobile, code }, { headers }),
    list: () => client.call(routes.myTickets),
  };
}

async function aPaidDaily(phone: string): Promise<string> {
  const response = await enterHouseGame('daily', phone, '100.00|LRD');
  if (response.status !== 202) throw new Error(`entry refused: ${response.status} ${response.text}`);
  const state = await settledState(response.body.entry_id);
  if (state.status !== 'paid') throw new Error(`entry not paid: ${JSON.stringify(state)}`);
  return state.ticket_number!;
}

/** An entry of the number still waiting for its payment (its prompt counted as sent: no provider settles it). */
async function aPendingDaily(phone: string): Promise<string> {
  const now = new Date().toISOString();
  return (await aStoredPendingDaily(phone, { promptSentAt: now, createdAt: now })).id;
}

/** A wrong code: the right one's neighbour. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('web My tickets', () => {
  it('lists after a code by SMS exactly what USSD My tickets lists, and nothing of another number', async () => {
    const phone = aUniquePlayerNumber();
    const other = aUniquePlayerNumber();
    const [ticket, otherTicket] = await Promise.all([aPaidDaily(phone), aPaidDaily(other)]);
    const pendingId = await aPendingDaily(phone);
    const player = aPlayerClient();

    const before = await player.list();
    expect(before.status).toBe(401);
    expect(before.body).toEqual({ error: myTicketsMessages.notSignedIn });

    const asked = await player.askCode(phone);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: myTicketsMessages.codeSent });
    const code = await codeFromSms(phone);

    const opened = await player.useCode(phone, code);
    expect(opened.status).toBe(200);
    const cookie = opened.headers.getSetCookie().find((c) => c.startsWith('__Host-tickets='))!;
    expect(cookie).toMatch(
      /^__Host-tickets=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=1800$/,
    );

    const { status, body } = await player.list();
    expect(status).toBe(200);
    expect(body.tickets).toEqual([
      expect.objectContaining({ ticket_number: ticket, game: 'Daily', status: 'waiting', status_text: 'waiting' }),
    ]);
    expect(body.tickets[0].draw_time).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d GMT$/);
    expect(body.pending).toEqual([
      expect.objectContaining({
        entry_id: pendingId,
        game: 'Daily',
        amount: '100.00 LRD',
        entry_page: `/daily-draw/entry/${pendingId}`,
      }),
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(otherTicket);
    expect(text).not.toContain(other);
    expect(text).not.toContain(phone);

    // the same list, line for line, as USSD My tickets shows the phone
    const ussd = screenText(await dialAs(phone, '5'), 'CON').split('\n');
    expect(ussd.slice(1, -2)).toEqual([
      `Daily 100.00 LRD: ${ussdPlayerMessages.status.pending}`,
      `${formatTicketNumber(ticket)} Daily: ${body.tickets[0].status_text}`,
    ]);

    // a code opens one session only
    expect((await aPlayerClient().useCode(phone, code)).body).toEqual({
      error: myTicketsMessages.expiredCode,
      fields: { code: myTicketsMessages.expiredCode },
    });

    // signing out ends the session on the server, not only the cookie
    const signedOut = await player.client.call(routes.endTicketsSession);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.getSetCookie()).toContain(
      '__Host-tickets=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0',
    );
    player.client.ticketsCookie = cookie.split(';')[0];
    expect((await player.list()).status).toBe(401);
  });

  it('answers a number that never played as any other (no enumeration), and its code lists nothing', async () => {
    const played = aUniquePlayerNumber();
    const never = aUniquePlayerNumber();
    await aPaidDaily(played);
    const [a, b] = await Promise.all([aPlayerClient().askCode(played), aPlayerClient().askCode(never)]);
    expect([a.status, a.text]).toEqual([b.status, b.text]);

    const player = aPlayerClient();
    expect((await player.useCode(never, await codeFromSms(never))).status).toBe(200);
    expect((await player.list()).body).toMatchObject({ tickets: [], pending: [] });
  });

  it('voids a code after 5 wrong tries: even the right one is refused then', async () => {
    const phone = aUniquePlayerNumber();
    const player = aPlayerClient();
    await player.askCode(phone);
    const code = await codeFromSms(phone);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await player.useCode(phone, wrongFor(code))).body.error);
    expect(answers).toEqual([
      myTicketsMessages.wrongCode(4),
      myTicketsMessages.wrongCode(3),
      myTicketsMessages.wrongCode(2),
      myTicketsMessages.wrongCode(1),
      myTicketsMessages.tooManyTries,
    ]);
    const late = await player.useCode(phone, code);
    expect([late.status, late.body.error]).toEqual([400, myTicketsMessages.tooManyTries]);
    expect(player.client.ticketsCookie).toBeUndefined();
    expect((await player.list()).status).toBe(401);
  });

  it('refuses an expired code, and a newer code replaces the older', async () => {
    const phone = aUniquePlayerNumber();
    const player = aPlayerClient();
    await player.askCode(phone);
    const first = await codeFromSms(phone);
    await expireAccessCode(phone);
    const expired = await player.useCode(phone, first);
    expect([expired.status, expired.body.error]).toEqual([400, myTicketsMessages.expiredCode]);

    await player.askCode(phone);
    const second = await codeFromSms(phone, 1);
    await player.askCode(phone);
    const third = await codeFromSms(phone, 2);
    if (second !== third) expect((await player.useCode(phone, second)).status).toBe(400);
    expect((await player.useCode(phone, third)).status).toBe(200);
    expect((await player.list()).status).toBe(200);
  });

  it('limits codes per number, and per address generously: a carrier NAT surge all gets through', async () => {
    const phone = aUniquePlayerNumber();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await aPlayerClient().askCode(phone));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body).toEqual({ error: myTicketsMessages.codesPerNumber });

    // one address, 60 players at once: none is refused
    const nat = aPlayerClient();
    const surge = await Promise.all(Array.from({ length: 60 }, () => nat.askCode(aUniquePlayerNumber())));
    expect(surge.filter((answer) => answer.status === 200)).toHaveLength(60);

    // an address over its minute's codes is refused; another address is not
    const address = aClientAddress().replace(/:\d+$/, '');
    await useUpRate(TICKETS_CODE_LIMITS.codesPerAddress[0]!, address, TICKETS_CODE_LIMITS.codesPerAddress[0]!.limit);
    const flooded = await aPlayerClient(address).askCode(aUniquePlayerNumber());
    expect([flooded.status, flooded.body.error]).toEqual([429, myTicketsMessages.codesPerAddress]);
    expect((await aPlayerClient().askCode(aUniquePlayerNumber())).status).toBe(200);

    await useUpRate(TICKETS_CODE_LIMITS.triesPerAddress, address, TICKETS_CODE_LIMITS.triesPerAddress.limit);
    const guessing = await aPlayerClient(address).useCode(aUniquePlayerNumber(), '123456');
    expect([guessing.status, guessing.body.error]).toEqual([429, myTicketsMessages.triesPerAddress]);
  });

  it('answers bad input with a 4xx {error} and changes nothing', async () => {
    const player = aPlayerClient();
    const badNumber = await player.askCode('12345');
    expect([badNumber.status, badNumber.body.error]).toEqual([400, INVALID_MOBILE_NUMBER]);
    const badCode = await player.useCode(aUniquePlayerNumber(), '12ab56');
    expect([badCode.status, badCode.body.error]).toEqual([400, myTicketsMessages.enterCode]);
    const noCsrf = await player.client.call(
      routes.requestTicketsCode,
      {},
      { mobile_number: aUniquePlayerNumber() },
      { csrf: false },
    );
    expect(noCsrf.status).toBe(403);
    const noCode = await player.useCode(aUniquePlayerNumber(), '123456');
    expect([noCode.status, noCode.body.error]).toEqual([400, myTicketsMessages.expiredCode]);
  });

  it.each([
    ['sent', '000101'],
    ['failed for good', '000201'],
  ])('keeps no code in its SMS record once %s, and never sends it again', async (_, suffix) => {
    const ref = randomUUID();
    const sms = {
      id: smsIdOf('access-code', ref),
      purpose: 'access-code' as const,
      ref,
      to: `23188${randomInt(10)}${suffix}`,
      text: myTicketsMessages.codeSms('482913'),
    };
    await deliverSms(sms, new Date());
    const kept = await getSms(sms.id);
    expect(kept?.state).toBe(suffix === '000101' ? 'sent' : 'failed');
    expect(kept?.text).toBe(myTicketsMessages.codeSms('******'));
    expect(
      await resendSms(sms.id, { actorId: 'support-test', actorRole: 'admin', sourceIp: '127.0.0.1' }, new Date()),
    ).toBe('unknown');
    expect((await getSms(sms.id))?.state).toBe(kept?.state);
  });
});
