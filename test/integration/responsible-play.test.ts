import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { ExclusionRecord } from '@shared/api/schemas/players';
import { messages } from '@shared/messages';
import { ussdPlayerMessages } from '@shared/ussd';
import { formatTicketNumber } from '@shared/ticket-number';
import { listAudit } from '../../functions/modules/audit';
import { failEntry, recentEntriesOf } from '../../functions/modules/entries';
import { addEntryToDay, PROMPTS_PER_NUMBER, standingOf } from '../../functions/modules/players';
import { ApiClient } from '../support/api';
import { aPartner, aPlainAdmin, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import {
  aClientAddress,
  aPaidEntryByCode,
  aPromotionToDraw,
  aStoredPendingDaily,
  aUniquePlayerNumber,
  enterHouseGame,
  settledState,
  smsTo,
} from '../support/play';
import { backdateLimitRaise, setEntry } from '../support/stored-state';
import { refusalSmsTo } from '../support/refusal-sms';
import { dialAs, screenText, sendMyTicketsSms } from '../support/ussd';

const DAILY = '100.00|LRD';

/** A daily entry from the web, from its own client address (the per-address prompt limit stays out of the way). */
function enterDaily(phone: string) {
  return new ApiClient().call(
    routes.dailyDrawEntry,
    {},
    { mobile_number: phone, amount: DAILY },
    { headers: { 'cloudfront-viewer-address': aClientAddress() } },
  );
}

async function aPaidDaily(phone: string) {
  const response = await enterHouseGame('daily', phone, DAILY);
  if (response.status !== 202) throw new Error(`entry refused: ${response.status} ${response.text}`);
  const state = await settledState(response.body.entry_id);
  if (state.status !== 'paid') throw new Error(`entry not paid: ${JSON.stringify(state)}`);
  return { entryId: response.body.entry_id as string, ticket: state.ticket_number! };
}

let sharedCode: string;

beforeAll(async () => {
  const { user, client } = await fixtureSuperAdmin();
  // a threshold far off: its tickets wait for their draw throughout
  ({ sharedCode } = await aPromotionToDraw(client, user.id, await aPartner(), {
    threshold: 500,
    starting_threshold: 400,
  }));
});

describe('my tickets by USSD', () => {
  it("lists only the caller's last tickets, in the SMS's format, with the checker's status, and sends the list by SMS", async () => {
    const phone = aUniquePlayerNumber();
    const waiting = await aPaidEntryByCode(sharedCode, phone);
    const won = await aPaidEntryByCode(sharedCode, phone);
    const expired = await aPaidDaily(phone);
    const someoneElse = await aPaidEntryByCode(sharedCode);
    await setEntry(won.entryId, { wonAt: new Date().toISOString(), prizeLrdCents: 500_000 });
    // bought three days ago, its window still open: its draw day is over without it
    await setEntry(expired.entryId, { paidAt: new Date(Date.now() - 3 * 86_400_000).toISOString(), windowNo: 999_999 });

    const list = screenText(await dialAs(phone, '5'), 'CON');
    expect(list).toContain(ussdPlayerMessages.myTicketsTitle);
    expect(list).toContain(`${formatTicketNumber(expired.ticket)} Daily: expired`);
    expect(list).toMatch(new RegExp(`${formatTicketNumber(won.ticket)} [^\\n]+: WON`));
    expect(list).toMatch(new RegExp(`${formatTicketNumber(waiting.ticket)} [^\\n]+: waiting`));
    expect(list).not.toContain(formatTicketNumber(someoneElse.ticket));
    expect(list).toContain('1. Send by SMS');
    // newest first
    expect(list.indexOf(formatTicketNumber(expired.ticket))).toBeLessThan(
      list.indexOf(formatTicketNumber(waiting.ticket)),
    );

    // its draw happened without it
    await setEntry(waiting.entryId, { windowNo: 0 });
    expect(screenText(await dialAs(phone, '5'), 'CON')).toContain(`${formatTicketNumber(waiting.ticket)}`);
    expect(screenText(await dialAs(phone, '5'), 'CON')).toMatch(
      new RegExp(`${formatTicketNumber(waiting.ticket)} [^\\n]+: not a winner`),
    );

    const now = new Date();
    expect(screenText(await dialAs(phone, '5*1'), 'END')).toContain(ussdPlayerMessages.smsOnItsWay);
    // the USSD function calls no provider: the SMS is owed, and the retry job sends it (here: its attempt)
    expect(await sendMyTicketsSms(phone, now)).toBe('sent');
    const [sms] = await smsTo(phone).then((all) => all.filter((m) => m.text.startsWith(ussdPlayerMessages.smsTitle)));
    expect(sms!.text).toContain(`${formatTicketNumber(won.ticket)}`);
    expect(sms!.text).toContain(`${formatTicketNumber(expired.ticket)} Daily: expired`);
    expect(sms!.text).not.toContain(formatTicketNumber(someoneElse.ticket));
  });

  it('tells a number without tickets so, and lists nothing of anyone else', async () => {
    expect(screenText(await dialAs(aUniquePlayerNumber(), '5'), 'END')).toContain(ussdPlayerMessages.noTickets);
  });
});

describe('self-exclusion', () => {
  it('by USSD for a month: then a web entry and a USSD entry are refused before any prompt', async () => {
    const phone = aUniquePlayerNumber();
    expect(screenText(await dialAs(phone, '6'), 'CON')).toContain('2. Stop playing for a while');
    expect(screenText(await dialAs(phone, '6*2'), 'CON')).toMatch(/1\. 1 month\n2\. 6 months\n3\. Permanently/);
    const confirm = screenText(await dialAs(phone, '6*2*1'), 'CON');
    expect(confirm).toContain('1. Confirm');
    expect((await standingOf(phone, new Date())).exclusion).toBeUndefined();
    const done = screenText(await dialAs(phone, '6*2*1*1'), 'END');
    const until = /until ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(done)![1]!;
    const inAMonth = new Date();
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
    expect(until).toBe(
      inAMonth.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    );
    expect(confirm).toContain(`You will not be able to play with this number until ${until}.`);

    // the web form could be anyone's: it says only that the number cannot play; the reason goes to the number (DESIGN section 7)
    const refusedAt = new Date();
    const web = await enterDaily(phone);
    expect(web.status).toBe(403);
    expect(web.body).toEqual({ error: messages.responsiblePlay.cannotPlayNow });
    expect(web.text).not.toContain(until);
    expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.excludedUntil(until));
    // the caller's own phone on USSD proves the number: its screen names the reason
    expect(screenText(await dialAs(phone, '1*1'), 'END')).toBe(`END ${messages.responsiblePlay.excludedUntil(until)}`);
    // no entry, so no payment prompt
    expect(await recentEntriesOf(phone, 10)).toEqual([]);
  });

  it('permanent cannot be lifted or shortened by USSD', async () => {
    const phone = aUniquePlayerNumber();
    expect(screenText(await dialAs(phone, '6*2*3*1'), 'END')).toContain(ussdPlayerMessages.excludedForGood);
    expect(screenText(await dialAs(phone, '6*2*1*1'), 'END')).toContain(ussdPlayerMessages.excludedForGood);
    expect((await standingOf(phone, new Date())).exclusion).toMatchObject({ permanent: true, by: 'player' });
    const refusedAt = new Date();
    expect((await enterDaily(phone)).body).toEqual({ error: messages.responsiblePlay.cannotPlayNow });
    expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.excludedForGood);
  });

  it('by an admin, audit-logged, and lifted by an admin: entries refused, then accepted', async () => {
    const admin = await aPlainAdmin();
    const client = await signedIn(admin);
    const phone = aUniquePlayerNumber();
    const local = `0${phone.slice(3)}`;

    const excluded = await client.call(
      routes.excludePlayer,
      { id: admin.id },
      { mobile_number: local, period: '6-months' },
    );
    expect(excluded.status).toBe(200);
    expect(excluded.body.Exclusion).toMatchObject({
      mobile_number: phone,
      excluded: true,
      permanent: false,
      by: 'admin',
    });
    const shown = await client.request(
      'GET',
      `${routes.playerExclusion.path.replace(':id', admin.id)}?mobile_number=${phone}`,
    );
    expect(shown.body.Exclusion).toMatchObject({ excluded: true, until: excluded.body.Exclusion.until });
    expect((await enterDaily(phone)).status).toBe(403);
    expect(screenText(await dialAs(phone, '1*1'), 'END')).toContain('excluded from play until');

    const lifted = await client.call(routes.liftPlayerExclusion, { id: admin.id }, { mobile_number: phone });
    expect(lifted.status).toBe(200);
    expect(lifted.body.Exclusion).toMatchObject({ excluded: false });
    expect((await client.call(routes.liftPlayerExclusion, { id: admin.id }, { mobile_number: phone })).status).toBe(
      404,
    );
    expect((await enterDaily(phone)).status).toBe(202);

    const audit = (await listAudit(200)).items.filter((line) => line.target === `player:${phone}`);
    expect(audit.map((line) => [line.action, line.actorId])).toEqual([
      ['player.lift-exclusion', admin.id],
      ['player.exclude', admin.id],
    ]);
  });

  it('lists every number excluded now, by its player or an admin, newest first, and drops one once lifted', async () => {
    const admin = await aPlainAdmin();
    const client = await signedIn(admin);
    const byPlayer = aUniquePlayerNumber();
    const byAdmin = aUniquePlayerNumber();
    screenText(await dialAs(byPlayer, '6*2*3*1'), 'END');
    expect(
      (await client.call(routes.excludePlayer, { id: admin.id }, { mobile_number: byAdmin, period: '1-month' })).status,
    ).toBe(200);
    const listed = async () => {
      const response = await client.call(routes.playerExclusions, { id: admin.id });
      expect(response.status, response.text).toBe(200);
      return response.body.Exclusions.filter((record: ExclusionRecord) =>
        [byPlayer, byAdmin].includes(record.mobile_number),
      );
    };
    expect(await listed()).toEqual([
      expect.objectContaining({ mobile_number: byAdmin, excluded: true, permanent: false, by: 'admin' }),
      expect.objectContaining({ mobile_number: byPlayer, excluded: true, permanent: true, by: 'player' }),
    ]);

    await client.call(routes.liftPlayerExclusion, { id: admin.id }, { mobile_number: byAdmin });
    expect((await listed()).map((record: ExclusionRecord) => record.mobile_number)).toEqual([byPlayer]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const admin = await aPlainAdmin();
    const client = await signedIn(admin);
    const phone = aUniquePlayerNumber();
    const badPeriod = await client.call(
      routes.excludePlayer,
      { id: admin.id },
      { mobile_number: phone, period: '2-weeks' },
    );
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.error).toBeTruthy();
    const badNumber = await client.call(
      routes.excludePlayer,
      { id: admin.id },
      { mobile_number: '12345', period: 'permanent' },
    );
    expect(badNumber.status).toBe(400);
    expect((await standingOf(phone, new Date())).exclusion).toBeUndefined();
  });
});

describe('daily spending limit', () => {
  it('a player sets a limit by USSD after a Confirm step: lower at once, higher only 24 hours later; an entry past it is refused on web and USSD', async () => {
    const phone = aUniquePlayerNumber();
    expect(screenText(await dialAs(phone, '6*1'), 'CON')).toContain('No daily spending limit is set.');
    // the amount alone sets nothing: it is shown for confirmation first
    const confirm = screenText(await dialAs(phone, '6*1*200'), 'CON');
    expect(confirm).toBe(`CON ${ussdPlayerMessages.limitConfirm('200.00', false, undefined)}\n0. Back`);
    expect((await standingOf(phone, new Date())).ownLimitLrdCents).toBeUndefined();
    expect(screenText(await dialAs(phone, '6*1*200*1'), 'END')).toBe(`END ${ussdPlayerMessages.limitSet('200.00')}`);
    expect(screenText(await dialAs(phone, '6*1*200'), 'CON')).toContain(ussdPlayerMessages.limitSame('200.00'));

    // raising is confirmed too, and starts a day later: today the limit stays
    expect(screenText(await dialAs(phone, '6*1*500'), 'CON')).toContain('from 24 hours after you confirm');
    const raisedAt = new Date();
    const raised = screenText(await dialAs(phone, '6*1*500*1'), 'END');
    expect(raised).toContain('Your daily spending limit will be 500.00 LRD from ');
    expect(raised).toContain('Until then it stays 200.00 LRD.');
    expect((await standingOf(phone, new Date())).ownLimitLrdCents).toBe(20_000);
    expect(screenText(await dialAs(phone, '6*1'), 'CON')).toContain(
      'Your daily spending limit: 200.00 LRD. 500.00 LRD from ',
    );
    expect((await standingOf(phone, new Date(raisedAt.getTime() + 23 * 3_600_000))).ownLimitLrdCents).toBe(20_000);
    expect((await standingOf(phone, new Date(raisedAt.getTime() + 24 * 3_600_000 + 60_000))).ownLimitLrdCents).toBe(
      50_000,
    );

    // 100 + 100 is the limit exactly: both pass; a third is refused before its prompt
    expect((await enterDaily(phone)).status).toBe(202);
    expect((await enterDaily(phone)).status).toBe(202);
    const refusedAt = new Date();
    const refused = await enterDaily(phone);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.responsiblePlay.cannotPlayNow });
    expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.overDailyLimit('200.00', '0.00'));
    expect(screenText(await dialAs(phone, '1*1'), 'END')).toBe(
      `END ${messages.responsiblePlay.overDailyLimit('200.00', '0.00')}`,
    );
    expect(await recentEntriesOf(phone, 10)).toHaveLength(2);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(20_000);
  });

  it('with the clock moved on: a raise holds only once its 24 hours have passed, a lowering at once (USSD as Africa’s Talking posts it)', async () => {
    const phone = aUniquePlayerNumber();
    screenText(await dialAs(phone, '6*1*100*1'), 'END');
    expect(screenText(await dialAs(phone, '6*1*300'), 'CON')).toContain('300.00 LRD, from 24 hours after you confirm');
    expect(screenText(await dialAs(phone, '6*1*300*1'), 'END')).toContain('Until then it stays 100.00 LRD.');
    // a minute short of a day later: still 100
    await backdateLimitRaise(phone, 24 * 3_600_000 - 60_000);
    expect(screenText(await dialAs(phone, '6*1'), 'CON')).toContain(
      'Your daily spending limit: 100.00 LRD. 300.00 LRD from ',
    );
    expect((await enterDaily(phone)).status).toBe(202);
    expect((await enterDaily(phone)).status).toBe(403);
    // a minute past the day: 300 holds, with nothing more waiting
    await backdateLimitRaise(phone, 2 * 60_000);
    expect(screenText(await dialAs(phone, '6*1'), 'CON')).toBe(`CON ${ussdPlayerMessages.limitNow('300.00')}\n0. Back`);
    expect((await enterDaily(phone)).status).toBe(202);
    // lowering below today's spending: at once, the next entry refused
    expect(screenText(await dialAs(phone, '6*1*200'), 'CON')).toContain('200.00 LRD, from now');
    expect(screenText(await dialAs(phone, '6*1*200*1'), 'END')).toBe(`END ${ussdPlayerMessages.limitSet('200.00')}`);
    expect((await enterDaily(phone)).status).toBe(403);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(20_000);
  });

  it('says a limit is below the cheapest ticket before it is set, and 0 goes back without setting it', async () => {
    const phone = aUniquePlayerNumber();
    const confirm = screenText(await dialAs(phone, '6*1*15'), 'CON');
    expect(confirm).toContain(ussdPlayerMessages.limitBelowTicket('100.00'));
    expect(confirm).toContain('1. Confirm');
    expect(screenText(await dialAs(phone, '6*1*15*0'), 'CON')).toContain('Enter a new limit in LRD:');
    expect((await standingOf(phone, new Date())).ownLimitLrdCents).toBeUndefined();
    expect(screenText(await dialAs(phone, '6*1*15*1'), 'END')).toBe(`END ${ussdPlayerMessages.limitSet('15.00')}`);
  });

  it('a lower limit holds at once and drops a raise still waiting', async () => {
    const phone = aUniquePlayerNumber();
    screenText(await dialAs(phone, '6*1*300*1'), 'END');
    const raisedAt = new Date();
    expect(screenText(await dialAs(phone, '6*1*500*1'), 'END')).toContain('Until then it stays 300.00 LRD.');
    expect(screenText(await dialAs(phone, '6*1*200*1'), 'END')).toBe(`END ${ussdPlayerMessages.limitSet('200.00')}`);
    const dayLater = new Date(raisedAt.getTime() + 24 * 3_600_000 + 60_000);
    expect((await standingOf(phone, dayLater)).ownLimitLrdCents).toBe(20_000);
  });

  it('lets only one of several simultaneous entries through a limit only one fits', async () => {
    const phone = aUniquePlayerNumber();
    screenText(await dialAs(phone, '6*1*150*1'), 'END');
    const answers = await Promise.all([enterDaily(phone), enterDaily(phone), enterDaily(phone)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 403, 403]);
    for (const refused of answers.filter((a) => a.status === 403))
      expect(refused.body.error).toBe(messages.responsiblePlay.cannotPlayNow);
    expect(await recentEntriesOf(phone, 10)).toHaveLength(1);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(10_000);
  });

  it('a failed entry stops counting against its day: only pending and paid stakes count', async () => {
    const phone = aUniquePlayerNumber();
    // 0.50 USD at 190 LRD per USD
    const entry = await aStoredPendingDaily(phone, { currency: 'USD', amountCents: 50 }, 9_500);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(9_500);
    expect(await failEntry(entry.id, 'declined', new Date())).toBe(true);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(0);
    // failing it again changes nothing
    expect(await failEntry(entry.id, 'declined', new Date())).toBe(false);
    expect((await standingOf(phone, new Date())).spentTodayLrdCents).toBe(0);
  });

  it("lists a number's entries newest first across its days, each day's in the order made, each day its own spend", async () => {
    const phone = aUniquePlayerNumber();
    // nine days (more than one page of days is read), the last with two entries
    const made = [];
    for (const createdAt of [
      ...Array.from({ length: 9 }, (_, d) => `2026-01-${String(d + 1).padStart(2, '0')}T09:00:00.000Z`),
      '2026-01-09T21:00:00.000Z',
    ])
      made.push(await aStoredPendingDaily(phone, { createdAt }));
    const newestFirst = made.map((e) => e.id).reverse();
    expect((await recentEntriesOf(phone, 20)).map((e) => e.id)).toEqual(newestFirst);
    expect((await recentEntriesOf(phone, 3)).map((e) => e.id)).toEqual(newestFirst.slice(0, 3));
    expect((await standingOf(phone, new Date('2026-01-09T22:00:00.000Z'))).spentTodayLrdCents).toBe(20_000);
    expect((await standingOf(phone, new Date('2026-01-01T00:00:00.000Z'))).spentTodayLrdCents).toBe(10_000);
  });

  it("the operator's limit (default off) caps what a player may set, and applies to every number", async () => {
    const admin = await fixtureSuperAdmin();
    const read = async () => (await admin.client.call(routes.getSettings, { id: admin.user.id })).body.Settings;
    expect((await read()).daily_spend_limit_lrd).toBe('0.00');
    const put = async (limit: string | undefined) => {
      // other files save settings too: a stale version is read again
      for (;;) {
        const { daily_spend_limit_lrd: _kept, ...current } = await read();
        const response = await admin.client.call(
          routes.updateSettings,
          { id: admin.user.id },
          { ...current, ...(limit === undefined ? {} : { daily_spend_limit_lrd: limit }) },
        );
        if (response.status !== 409) return response;
      }
    };
    // far above any test's stakes, so other files' entries meanwhile are not refused
    expect((await put('1000000.00')).status).toBe(200);
    try {
      // a settings save that leaves the limit out keeps it
      expect((await put(undefined)).body.Settings.daily_spend_limit_lrd).toBe('1000000.00');
      const phone = aUniquePlayerNumber();
      expect(screenText(await dialAs(phone, '6*1'), 'CON')).toContain('Your daily spending limit: 1,000,000.00 LRD.');
      expect(screenText(await dialAs(phone, '6*1*2000000'), 'CON')).toContain(
        ussdPlayerMessages.limitNotLower('1,000,000.00'),
      );
      expect(screenText(await dialAs(phone, '6*1*300*1'), 'END')).toContain('300.00 LRD');
    } finally {
      expect((await put('0.00')).body.Settings.daily_spend_limit_lrd).toBe('0.00');
    }
  });
});

describe("the per-number prompt limit, kept on the number's GMT days (DESIGN section 7)", () => {
  /** An entry of `msisdn` made at `at` added to its day, given the prompts its day before holds in the window. */
  const anEntryAt = (msisdn: string, at: string, earlierPrompts: number) =>
    addEntryToDay({ id: randomUUID(), msisdn, createdAt: at }, 10_000, undefined, earlierPrompts);

  it('counts the prompts of the 10 minutes before, across midnight: 3 in any 10 minutes, never a 4th', async () => {
    const msisdn = aUniquePlayerNumber();
    // two prompts just before a GMT midnight (far ahead: no other test's day)
    expect(await anEntryAt(msisdn, '2091-03-01T23:56:00.000Z', 0)).toBeUndefined();
    expect(await anEntryAt(msisdn, '2091-03-01T23:58:00.000Z', 0)).toBeUndefined();
    // four minutes after midnight the window reaches back into that day: both count
    const after = new Date('2091-03-02T00:04:00.000Z');
    const standing = await standingOf(msisdn, after);
    expect(standing.prompts).toEqual({ today: 0, earlierDay: 2 });
    expect(await anEntryAt(msisdn, after.toISOString(), standing.prompts.earlierDay)).toBeUndefined();
    expect(await anEntryAt(msisdn, '2091-03-02T00:05:00.000Z', 2)).toBe('prompts');
    // once the first has left the window (10 minutes after it), one more fits; then none again
    const later = new Date('2091-03-02T00:06:30.000Z');
    expect((await standingOf(msisdn, later)).prompts).toEqual({ today: 1, earlierDay: 1 });
    expect(await anEntryAt(msisdn, later.toISOString(), 1)).toBeUndefined();
    expect(await anEntryAt(msisdn, '2091-03-02T00:07:00.000Z', 1)).toBe('prompts');
    // from 10 minutes past midnight only the day itself counts
    expect((await standingOf(msisdn, new Date('2091-03-02T00:10:30.000Z'))).prompts).toEqual({
      today: 2,
      earlierDay: 0,
    });
  });

  it("refuses a new day's prompt that the day before's last instants filled up after it read them", async () => {
    const msisdn = aUniquePlayerNumber();
    const after = new Date('2091-06-02T00:00:02.000Z');
    const read = await standingOf(msisdn, after);
    expect(read.prompts).toEqual({ today: 0, earlierDay: 0 });
    // meanwhile three requests of the day before land
    for (const at of ['23:59:59.100', '23:59:59.500', '23:59:59.900'])
      expect(await anEntryAt(msisdn, `2091-06-01T${at}Z`, 0)).toBeUndefined();
    // decided on its read, the new day's request is refused all the same, and its day is not written
    expect(await anEntryAt(msisdn, after.toISOString(), read.prompts.earlierDay)).toBe('prompts');
    expect((await standingOf(msisdn, new Date('2091-06-02T00:00:03.000Z'))).prompts).toEqual({
      today: 0,
      earlierDay: 3,
    });
  });

  it("lets exactly the limit through when a number's entries come at once", async () => {
    const msisdn = aUniquePlayerNumber();
    const at = '2091-04-01T12:00:00.000Z';
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => anEntryAt(msisdn, at, 0)));
    expect(outcomes.filter((refused) => refused === undefined)).toHaveLength(PROMPTS_PER_NUMBER.limit);
    expect(new Set(outcomes.filter(Boolean))).toEqual(new Set(['prompts']));
  });

  it("tells a spend over the daily limit from a prompt over the number's", async () => {
    const msisdn = aUniquePlayerNumber();
    const at = '2091-05-01T12:00:00.000Z';
    const entry = { id: randomUUID(), msisdn, createdAt: at };
    expect(await addEntryToDay(entry, 10_000, 15_000, 0)).toBeUndefined();
    expect(await addEntryToDay({ ...entry, id: randomUUID() }, 10_000, 15_000, 0)).toBe('spend');
  });
});
