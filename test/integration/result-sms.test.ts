import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { drawCodePagePath } from '@shared/fairness/draw-code';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { maskMobileNumber } from '@shared/phone';
import { formatTicketNumber } from '@shared/ticket-number';
import { ussdMessages } from '@shared/ussd';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { gsm7Length } from '../../functions/integrations/sms/gsm7';
import { getDraw, type DrawRecord } from '../../functions/modules/draw-records';
import { fanOutResult, houseDraws, sendResultSms, type HouseDrawTarget } from '../../functions/modules/draws';
import { attemptSms, getSms, resultSmsMessages, smsIdOf } from '../../functions/modules/messages';
import { getExclusion, isOptedInResultSms } from '../../functions/modules/players';
import { jobs } from '../../functions/lambdas/jobs-registry';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { inboundSms, textFromPhone } from '../support/on-air';
import { aPromotionToDraw, aUniquePlayerNumber, paidEntriesByCode, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import { setAssignment } from '../support/stored-state';
import { dialAs, screenText } from '../support/ussd';

/**
 * Issue 35: each daily draw's result by SMS to the numbers that opted in (USSD Results, or the keyword
 * RESULTS to the short code), STOP honoured at once, everything as Africa's Talking posts it.
 */
const RESULTS_ITEM = '7';

/** A daily game of this test's own (the real one is every test's), drawn by the very job code at `now`. */
async function aDrawnDailyGame(tickets: number): Promise<DrawRecord> {
  const { user, client } = await fixtureSuperAdmin();
  const own = await aPromotionToDraw(client, user.id, await aPartner());
  await setAssignment(own.assignmentId, { kind: 'house' });
  if (tickets > 0) await paidEntriesByCode(own.sharedCode, tickets);
  const now = new Date(Date.now() + 60_000);
  const target: HouseDrawTarget = { game: 'daily', assignmentId: own.assignmentId, marker: `test-${randomUUID()}` };
  const settings = {
    ...DEFAULT_HOUSE_SETTINGS,
    daily: { ...DEFAULT_HOUSE_SETTINGS.daily, drawTime: now.toISOString().slice(11, 16) },
  };
  expect((await houseDraws(now, [target], settings))[target.marker]).toMatchObject({ outcome: 'drawn' });
  return (await getDraw(`${own.assignmentId}-w1`))!;
}

/** The result SMS of `record` the gateway got for `msisdn` (its link names the draw). */
async function resultsOf(msisdn: string, record: DrawRecord) {
  const link = record.drawCode ? drawCodePagePath(record.drawCode) : drawRecordPagePath(record.id);
  return (await smsTo(msisdn)).filter((sms) => sms.text.includes(`${link} Reply STOP to stop.`));
}

/** The callback posted with any form fields (a malformed body from a caller holding the key). */
async function postCallback(fields: Record<string, string>) {
  const response = await new ApiClient().request(
    'POST',
    `${routes.smsIncoming.path}?key=${encodeURIComponent(localDefaults.smsIncomingKey)}`,
    undefined,
    {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    },
  );
  return { status: response.status, body: response.body as { error?: string } };
}

/** Text the short code and send the answer owed: its text. */
async function textAndAnswer(msisdn: string, text: string): Promise<{ id: string }> {
  const { id, callbackStatus } = await textFromPhone(msisdn, text);
  expect(callbackStatus).toBe(200);
  expect(await attemptSms(smsIdOf('results-keyword', `${msisdn}-${id}`), new Date())).toBe('sent');
  return { id };
}

describe('results by SMS on USSD (the Results screen)', () => {
  it('offers results by SMS with a confirm step, then offers to stop them, as Africa’s Talking posts it', async () => {
    const phone = aUniquePlayerNumber();
    const results = screenText(await dialAs(phone, RESULTS_ITEM), 'CON');
    expect(results.split('\n').slice(-2)).toEqual([ussdMessages.resultsBySms, ussdMessages.back]);
    const confirm = screenText(await dialAs(phone, `${RESULTS_ITEM}*1`), 'CON');
    expect(confirm).toBe(`CON ${ussdMessages.resultsConfirm}\n${ussdMessages.back}`);
    // back from the confirm step changes nothing
    expect(screenText(await dialAs(phone, `${RESULTS_ITEM}*1*0`), 'CON')).toBe(results);
    expect(await isOptedInResultSms(phone)).toBe(false);
    // a wrong choice on the confirm step is asked again
    expect(screenText(await dialAs(phone, `${RESULTS_ITEM}*1*5`), 'CON')).toContain(ussdMessages.notOnMenu);
    expect(await isOptedInResultSms(phone)).toBe(false);

    expect(screenText(await dialAs(phone, `${RESULTS_ITEM}*1*1`), 'END')).toBe(`END ${resultSmsMessages.optedIn}`);
    expect(await isOptedInResultSms(phone)).toBe(true);
    // opted in: the screen offers to stop, which stops at once
    const optedIn = screenText(await dialAs(phone, RESULTS_ITEM), 'CON');
    expect(optedIn.split('\n').slice(-2)).toEqual([ussdMessages.stopResultsBySms, ussdMessages.back]);
    expect(screenText(await dialAs(phone, `${RESULTS_ITEM}*1`), 'END')).toBe(`END ${resultSmsMessages.stopped}`);
    expect(await isOptedInResultSms(phone)).toBe(false);
    expect(screenText(await dialAs(phone, RESULTS_ITEM), 'CON')).toContain(ussdMessages.resultsBySms);
  });
});

describe('results by SMS through the Africa’s Talking simulator', () => {
  let first: string;
  let second: string;
  let never: string;
  let excluded: string;
  let drawn: DrawRecord;

  beforeAll(async () => {
    first = aUniquePlayerNumber();
    second = aUniquePlayerNumber('orange');
    never = aUniquePlayerNumber();
    excluded = aUniquePlayerNumber();
    await textAndAnswer(first, 'RESULTS');
    await textAndAnswer(second, ' results ');
    // opted in, then stops playing for a while on USSD (Play responsibly, Stop playing, the first period, Confirm)
    await textAndAnswer(excluded, 'RESULTS');
    screenText(await dialAs(excluded, '6*2*1*1'), 'END');
    expect(await getExclusion(excluded)).toMatchObject({ by: 'player', permanent: false });
    drawn = await aDrawnDailyGame(2);
  }, 120_000);

  it('RESULTS opts a number in, answered once by SMS', async () => {
    expect(await isOptedInResultSms(first)).toBe(true);
    expect(await isOptedInResultSms(second)).toBe(true);
    expect(await isOptedInResultSms(never)).toBe(false);
    const answers = (await smsTo(first)).filter((s) => splitCheckCode(s.text).text === resultSmsMessages.optedIn);
    expect(answers).toHaveLength(1);
  });

  it('after a draw every opted-in number gets exactly one result SMS, also when the draw’s event comes again', async () => {
    expect(drawn.winnerMsisdn).toBeDefined();
    const now = new Date(drawn.drawnAt);
    // the event delivered twice at once, then the job's own run: one SMS per number
    const [a, b] = await Promise.all([fanOutResult(drawn, now), fanOutResult(drawn, now)]);
    expect(a.owed + b.owed).toBeLessThanOrEqual(a.recipients);
    await jobs['result-sms'](now);
    await fanOutResult(drawn, now);
    // bounded by the numbers opted in
    expect(a.recipients).toBeGreaterThanOrEqual(2);
    expect(a.sent + b.sent).toBeLessThanOrEqual(a.recipients);

    for (const msisdn of [first, second]) {
      const sms = await resultsOf(msisdn, drawn);
      expect(sms, msisdn).toHaveLength(1);
      const { text, code } = splitCheckCode(sms[0]!.text);
      expect(code).toMatch(/^\d{8}$/);
      expect(gsm7Length(sms[0]!.text)).toBeLessThanOrEqual(160);
      expect(text).toMatch(/^Daily Cash Giveaway [A-Z][a-z]{2} \d{1,2} \d\d:\d\d GMT: winning ticket /);
      expect(text).toContain(`${formatTicketNumber(drawn.winnerTicket!)} (${maskMobileNumber(drawn.winnerMsisdn!)}).`);
      expect(text).not.toContain(drawn.winnerMsisdn!);
      expect(text.endsWith('Reply STOP to stop.')).toBe(true);
    }
    expect(await resultsOf(never, drawn)).toHaveLength(0);
    expect(await getSms(smsIdOf('result', `${drawn.id}-${never}`))).toBeUndefined();
    // no draw news to a number that asked to stop playing (responsible play), though it opted in
    expect(await isOptedInResultSms(excluded)).toBe(true);
    expect(await getSms(smsIdOf('result', `${drawn.id}-${excluded}`))).toBeUndefined();
  });

  it('sends none for a winner voided before its result went out, and says the redraw is one', async () => {
    const voided = await aDrawnDailyGame(2);
    const { user, client } = await fixtureSuperAdmin();
    const answer = await client.call(
      routes.voidWinner,
      { id: user.id },
      { draw_id: voided.id, reason: 'staff-member', note: 'the winner works the till' },
    );
    expect(answer.status, answer.text).toBe(200);
    const redraw = (await getDraw(answer.body.redraw.draw_id))!;
    // the job finds the game's draws by its assignment's windows (this game's own), the redraw by the void
    const target: HouseDrawTarget = { game: 'daily', assignmentId: voided.assignmentId, marker: 'result-sms-test' };
    const ran = await sendResultSms(new Date(Date.now() + 120_000), [target]);
    expect(Object.keys(ran.fanOuts as object)).toEqual([redraw.id]);
    expect(await getSms(smsIdOf('result', `${voided.id}-${second}`))).toBeUndefined();
    const sms = await resultsOf(second, redraw);
    expect(sms).toHaveLength(1);
    expect(splitCheckCode(sms[0]!.text).text).toMatch(
      /^Daily Cash Giveaway .* GMT: winner voided, redrawn: (winning )?ticket .* Reply STOP to stop\.$/,
    );
    expect(gsm7Length(sms[0]!.text)).toBeLessThanOrEqual(160);
  }, 120_000);

  it('STOP stops them at once, answered once; the next draw (no winner) sends that number none', async () => {
    const { id } = await textAndAnswer(first, 'Stop');
    // Africa's Talking redelivers the callback: still one answer
    expect((await inboundSms(first, 'Stop', id)).status).toBe(200);
    expect(await attemptSms(smsIdOf('results-keyword', `${first}-${id}`), new Date())).toBe('skipped');
    const stopped = (await smsTo(first)).filter((s) => splitCheckCode(s.text).text === resultSmsMessages.stopped);
    expect(stopped).toHaveLength(1);
    expect(await isOptedInResultSms(first)).toBe(false);

    const next = await aDrawnDailyGame(0);
    expect(next.winnerMsisdn).toBeUndefined();
    await fanOutResult(next, new Date(next.drawnAt));
    await fanOutResult(next, new Date(next.drawnAt));
    expect(await getSms(smsIdOf('result', `${next.id}-${first}`))).toBeUndefined();
    expect(await resultsOf(first, next)).toHaveLength(0);
    const kept = await resultsOf(second, next);
    expect(kept).toHaveLength(1);
    expect(splitCheckCode(kept[0]!.text).text).toMatch(/^Daily Cash Giveaway .* GMT: no winner\. /);
    expect(gsm7Length(kept[0]!.text)).toBeLessThanOrEqual(160);
  }, 120_000);

  it('Africa’s Talking’s own opt-out (senderId, phoneNumber) stops them too', async () => {
    const phone = aUniquePlayerNumber();
    await textAndAnswer(phone, 'RESULTS');
    expect(await postCallback({ senderId: 'RAFFLE', phoneNumber: `+${phone}` })).toMatchObject({ status: 200 });
    expect(await isOptedInResultSms(phone)).toBe(false);
  });

  it('refuses a body it cannot act on with a 400 {error}, changing nothing', async () => {
    const phone = aUniquePlayerNumber();
    const bad: Array<Record<string, string>> = [
      { from: 'not-a-number', text: 'RESULTS', id: 'ATXid_bad1' },
      { from: `+${phone}`, text: 'RESULTS', id: '' },
      { from: `+${phone}`, text: 'RESULTS', id: 'bad id!' },
      { from: `+${phone}`, text: 'RESULTS' },
      { text: 'RESULTS', id: 'ATXid_bad2' },
      { senderId: 'RAFFLE', phoneNumber: 'x' },
      {},
    ];
    for (const fields of bad) {
      const answer = await postCallback(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(await isOptedInResultSms(phone)).toBe(false);
    expect(await getSms(smsIdOf('results-keyword', `${phone}-ATXid_bad1`))).toBeUndefined();
    expect(await smsTo(phone)).toHaveLength(0);
    // a wrong key is refused before anything is read
    expect((await inboundSms(phone, 'RESULTS', 'ATXid_forged', 'wrong-key')).status).toBe(403);
    expect(await isOptedInResultSms(phone)).toBe(false);
  });
});
