import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { houseGameIds } from '@shared/games';
import { messages } from '@shared/messages';
import { houseDraws } from '../../functions/modules/draws';
import { verifyTicket } from '../../functions/modules/entries';
import { retryDueSms } from '../../functions/modules/messages';
import { getAssignment } from '../../functions/modules/catalog';
import { getDraw } from '../../functions/modules/draw-records';
import { getHouseSettings, putHouseSettings } from '../../functions/modules/games';
import { aSuperAdmin, signedIn } from '../support/fixtures';
import { aUniquePlayerNumber, enterHouseGame, settledState, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';

/**
 * A new daily draw time applies to tickets sold after it is saved (DESIGN
 * section 4): tickets already sold keep the draw they were told, or move to
 * the next real draw and are told by SMS; the checker never names a draw that
 * will not run. On a stack of the file's own (it changes the house settings),
 * saving through the real settings call and drawing through the real job.
 * Times are minutes around the real clock (the save is stamped with it).
 */
let running: PrivateStack | undefined;
// each case on a fresh stack: each draws the real daily game on today's date
beforeEach(async () => {
  // its beacon serves the rounds of draws run at tomorrow's clock
  running = await startPrivateStack({ webDist: false, beaconServesFutureRounds: true });
}, 120_000);
afterEach(async () => {
  await running?.stop();
});

const MINUTE = 60_000;
const hhmm = (at: Date) => at.toISOString().slice(11, 16);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000));
/** "Nov 27, 2026 21:00 GMT", written out here independently of the code under test. */
const drawNamed = (day: string, time: string) =>
  `${new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })} ${time} GMT`;
const waiting = (day: string, time: string) =>
  messages.ticketCheck.ofGame('Daily Cash Giveaway', messages.ticketCheck.waitingDaily(drawNamed(day, time)));

/** Setup: the daily game has been drawing at `drawTime` for a long time (no change in flight). */
async function dailyDrawsAt(drawTime: string) {
  const { settings, version } = await getHouseSettings();
  const { scheduleChange: _, ...daily } = settings.daily;
  await putHouseSettings(
    { ...settings, daily: { ...daily, drawTime } },
    version,
    { actorId: 'test-setup', actorRole: 'admin', sourceIp: '127.0.0.1' },
    new Date(),
  );
}

/** A super admin saves a new daily draw time through the settings call, as the Settings screen does. */
async function saveDailyDrawTime(drawTime: string) {
  const admin = await aSuperAdmin();
  const client = await signedIn(admin);
  const current = (await client.call(routes.getSettings, { id: admin.id })).body.Settings;
  const saved = await client.call(
    routes.updateSettings,
    { id: admin.id },
    { ...current, daily: { ...current.daily, draw_time: drawTime } },
  );
  expect(saved.status).toBe(200);
}

async function aDailyTicket() {
  const phone = aUniquePlayerNumber();
  const entered = await enterHouseGame('daily', phone, '100.00|LRD');
  const state = await settledState(entered.body.entry_id);
  expect(state.status).toBe('paid');
  return { phone, ticket: state.ticket_number! };
}

describe('a change of the daily draw time', () => {
  it("after the day's draw: no ticket is told a draw that will not run, and every ticket is drawn", async () => {
    const now = new Date();
    const today = dayOf(now);
    const tomorrow = nextDay(today);
    const drawnAt = hhmm(new Date(now.getTime() - 2 * MINUTE));
    await dailyDrawsAt(drawnAt);
    // today's draw is done
    expect((await houseDraws(new Date()))[houseGameIds.daily.promotionId]).toMatchObject({ outcome: 'drawn' });

    const before = await aDailyTicket();
    expect((await verifyTicket(before.ticket, new Date())).message).toBe(waiting(tomorrow, drawnAt));

    // a later time today: today is drawn already, so its first draw is tomorrow's
    const later = hhmm(new Date(now.getTime() + 5 * MINUTE));
    await saveDailyDrawTime(later);
    const after = await aDailyTicket();
    expect((await verifyTicket(after.ticket, new Date())).message).toBe(waiting(tomorrow, later));
    // tomorrow's draw at the old time cannot happen (one draw a day): the ticket moved, and its player is told
    expect((await verifyTicket(before.ticket, new Date())).message).toBe(waiting(tomorrow, later));
    await retryDueSms(new Date());
    const told = (await smsTo(before.phone)).map((sms) => splitCheckCode(sms.text).text);
    expect(told).toContain(
      messages.houseSchedule.movedSms('Daily Cash Giveaway', before.ticket, drawNamed(tomorrow, later)),
    );
    expect((await smsTo(after.phone)).some((sms) => sms.text.includes('draw time changed'))).toBe(false);

    // today at the new time nothing is due (today is drawn); tomorrow at the new time both tickets are
    expect((await houseDraws(new Date(`${today}T${later}:30.000Z`)))[houseGameIds.daily.promotionId]).toBe('not-due');
    const drawn = (await houseDraws(new Date(`${tomorrow}T${later}:30.000Z`)))[houseGameIds.daily.promotionId] as {
      drawId: string;
    };
    const record = (await getDraw(drawn.drawId))!;
    expect(record).toMatchObject({ drawDay: tomorrow, firstSeq: 1, entryCount: 2 });
  });

  it("before the day's draw, to a time already past: sold tickets keep today's draw; later ones are in tomorrow's", async () => {
    const now = new Date();
    const today = dayOf(now);
    const tomorrow = nextDay(today);
    const tonight = hhmm(new Date(now.getTime() + 10 * MINUTE));
    await dailyDrawsAt(tonight);
    const windowNo = (await getAssignment(houseGameIds.daily.assignmentId))!.windowNo;
    const before = await aDailyTicket();
    expect((await verifyTicket(before.ticket, new Date())).message).toBe(waiting(today, tonight));

    const earlier = hhmm(new Date(now.getTime() - 10 * MINUTE));
    await saveDailyDrawTime(earlier);
    const after = await aDailyTicket();
    // the sold ticket keeps the draw it was told, no SMS; the new one is in the new schedule's first draw
    expect((await verifyTicket(before.ticket, new Date())).message).toBe(waiting(today, tonight));
    expect((await verifyTicket(after.ticket, new Date())).message).toBe(waiting(tomorrow, earlier));
    await retryDueSms(new Date());
    expect((await smsTo(before.phone)).some((sms) => sms.text.includes('draw time changed'))).toBe(false);

    // nothing is drawn before the kept draw; at it, only the ticket sold before the change
    expect((await houseDraws(new Date()))[houseGameIds.daily.promotionId]).toBe('not-due');
    const kept = (await houseDraws(new Date(`${today}T${tonight}:30.000Z`)))[houseGameIds.daily.promotionId];
    expect(kept).toMatchObject({
      outcome: 'drawn',
      drawId: `${houseGameIds.daily.assignmentId}-w${windowNo}`,
      entryCount: 1,
    });
    expect((await verifyTicket(after.ticket, new Date(`${today}T${tonight}:45.000Z`))).message).toBe(
      waiting(tomorrow, earlier),
    );
    const next = (await houseDraws(new Date(`${tomorrow}T${earlier}:30.000Z`)))[houseGameIds.daily.promotionId];
    expect(next).toMatchObject({ outcome: 'drawn', entryCount: 1 });
  });
});
