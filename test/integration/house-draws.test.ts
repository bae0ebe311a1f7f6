import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HouseGameKind } from '@shared/games';
import { DEFAULT_HOUSE_SETTINGS, type HouseSettings } from '@shared/house-games';
import { schedules } from '@shared/schedules';
import {
  houseDrawMarkerExists,
  houseDraws,
  type HouseDrawTarget,
  inclusionProofOf,
  lastValidSeq,
  publicDrawView,
} from '../../functions/modules/draws';
import { getHouseRules, scheduleOf, ticketDrawWhen } from '../../functions/modules/games';
import { jobs } from '../../functions/lambdas/jobs-registry';
import { getEntry, getWindowEntry, ticketMessages, verifyTicket } from '../../functions/modules/entries';
import { getAssignment } from '../../functions/modules/catalog';
import { getDraw } from '../../functions/modules/draw-records';
import { checkInclusion, verifyDraw } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { houseGame } from '@shared/games';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode, smsTo } from '../support/play';
import { setAssignment, setEntry } from '../support/stored-state';

/**
 * Scheduled house draws. The real daily game and jackpot are
 * shared by every test on this stack, so each test draws a house game of its
 * own — a house-kind assignment entered by shared code through the real API
 * and simulator, with its own marker — through the very job code, at a `now`
 * and with settings of its choosing (draw time, weekday, prizes).
 */
let partner: PartnerRecord;

beforeAll(async () => {
  partner = await aPartner();
});

async function aHouseGameUnderTest(game: HouseGameKind) {
  const { user, client } = await fixtureSuperAdmin();
  const { sharedCode, assignmentId } = await aPromotionToDraw(client, user.id, partner);
  // setup: it is run by the house, like the real games (no partner share, no threshold draws)
  await setAssignment(assignmentId, { kind: 'house' });
  const target: HouseDrawTarget = { game, assignmentId, marker: `test-${game}-${randomUUID()}` };
  return { target, sharedCode, assignmentId };
}

const hhmm = (at: Date) => at.toISOString().slice(11, 16);

/** The default settings with both games' draw time at `drawTime` (default: this minute) and the jackpot on today's weekday. */
function settingsDrawingAt(
  now: Date,
  drawTime = hhmm(now),
  jackpot: Partial<HouseSettings['jackpot']> = {},
): HouseSettings {
  return {
    ...DEFAULT_HOUSE_SETTINGS,
    daily: { ...DEFAULT_HOUSE_SETTINGS.daily, drawTime },
    jackpot: { ...DEFAULT_HOUSE_SETTINGS.jackpot, drawWeekday: now.getUTCDay(), drawTime, ...jackpot },
  };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A run a minute on: drawing at its minute (settingsDrawingAt), the draw moment comes after every ticket
 * bought so far, so none of them is late (a ticket paid after the moment is in the next draw).
 */
const aMinuteOn = () => new Date(Date.now() + 60_000);

describe('the house-draws job', () => {
  it('runs every minute on the shared schedule', () => {
    expect(schedules.find((s) => s.job === 'house-draws')?.expression).toBe('rate(1 minute)');
    expect(typeof jobs['house-draws']).toBe('function');
  });
});

describe('the daily draw', () => {
  it('at its draw time draws one of its tickets with the configured prize, once', async () => {
    const { target, sharedCode, assignmentId } = await aHouseGameUnderTest('daily');
    const tickets = await paidEntriesByCode(sharedCode, 3);
    const now = aMinuteOn();
    const settings = settingsDrawingAt(now);

    const first = await houseDraws(now, [target], settings);
    expect(first[target.marker]).toMatchObject({ outcome: 'drawn', drawId: `${assignmentId}-w1`, entryCount: 3 });
    const record = (await getDraw(`${assignmentId}-w1`))!;
    expect(record).toMatchObject({
      kind: 'house',
      game: 'daily',
      drawDay: today(now),
      drawnBy: 'scheduler',
      windowCount: 3,
      entryCount: 3,
      firstSeq: 1,
      prizeLrdCents: settings.daily.prizeLrdCents,
      payoutStatus: 'pending',
    });
    expect((await verifyDraw(publicDrawView(record))).ok).toBe(true);
    const winner = tickets.find((t) => t.entryId === record.winnerEntryId)!;
    expect((await verifyTicket(winner.ticket, now)).isWinner).toBe(true);
    expect((await smsTo(winner.msisdn)).some((sms) => sms.text.startsWith('Congratulations!'))).toBe(true);
    expect(await houseDrawMarkerExists(target.marker, today(now))).toBe(true);

    const second = await houseDraws(new Date(now.getTime() + 60_000), [target], settings);
    expect(second[target.marker]).toBe('already-drawn');
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowCount: 0 });
  });

  it('is not drawn before its draw time, and is from then on', async () => {
    const { target, assignmentId } = await aHouseGameUnderTest('daily');
    const day = today(new Date());
    const settings = settingsDrawingAt(new Date(`${day}T12:00:00Z`));
    expect((await houseDraws(new Date(`${day}T11:59:59Z`), [target], settings))[target.marker]).toBe('not-due');
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1 });
    expect((await houseDraws(new Date(`${day}T12:00:00Z`), [target], settings))[target.marker]).toMatchObject({
      outcome: 'drawn',
    });
  });

  it('with no tickets records a draw with no winner and moves its window on', async () => {
    const { target, assignmentId } = await aHouseGameUnderTest('daily');
    const now = new Date();
    expect((await houseDraws(now, [target], settingsDrawingAt(now)))[target.marker]).toMatchObject({
      outcome: 'drawn',
      entryCount: 0,
    });
    const record = (await getDraw(`${assignmentId}-w1`))!;
    expect(record).toMatchObject({ kind: 'house', entryCount: 0, windowCount: 0 });
    expect(record.winnerEntryId).toBeUndefined();
    expect(record.payoutStatus).toBeUndefined();
    expect((await verifyDraw(publicDrawView(record))).ok).toBe(true);
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowCount: 0 });
  });

  it('a missed run is caught up exactly once: two concurrent runs, then another run, draw once', async () => {
    const { target, sharedCode, assignmentId } = await aHouseGameUnderTest('daily');
    await paidEntriesByCode(sharedCode, 2);
    const now = new Date();
    // the draw was due at 00:00 and the scheduler is only now back
    const settings = settingsDrawingAt(now, '00:00');
    const racing = await Promise.all([houseDraws(now, [target], settings), houseDraws(now, [target], settings)]);
    const outcomes = racing.map((r) =>
      typeof r[target.marker] === 'string' ? r[target.marker] : (r[target.marker] as { outcome: string }).outcome,
    );
    expect(outcomes.sort()).toEqual(['already-drawn', 'drawn']);
    expect((await houseDraws(now, [target], settings))[target.marker]).toBe('already-drawn');
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2 });
    expect(await getDraw(`${assignmentId}-w2`)).toBeUndefined();

    // the next day is a new draw day
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect((await houseDraws(tomorrow, [target], settings))[target.marker]).toMatchObject({
      outcome: 'drawn',
      drawId: `${assignmentId}-w2`,
    });
  });

  it('leaves out tickets whose draw day passed undrawn: they expired, the valid ones are drawn', async () => {
    const { target, sharedCode, assignmentId } = await aHouseGameUnderTest('daily');
    const tickets = await paidEntriesByCode(sharedCode, 3);
    const now = aMinuteOn();
    // setup: the window opened three days ago and its first ticket was bought two days ago (that draw day was missed)
    const bySeq = await Promise.all(tickets.map(async (t) => ({ ...t, seq: (await getEntry(t.entryId))!.seq! })));
    const stale = bySeq.find((t) => t.seq === 1)!;
    await setAssignment(assignmentId, {
      windowOpenedAt: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
    });
    await setEntry(stale.entryId, {
      paidAt: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
      game: 'daily',
    });

    await houseDraws(now, [target], settingsDrawingAt(now));
    const record = (await getDraw(`${assignmentId}-w1`))!;
    expect(record).toMatchObject({ windowCount: 3, firstSeq: 2, entryCount: 2 });
    expect(record.winningSeq).toBeGreaterThanOrEqual(2);
    expect(record.winnerEntryId).not.toBe(stale.entryId);
    expect((await verifyDraw(publicDrawView(record))).ok).toBe(true);
    expect(await verifyTicket(stale.ticket, now)).toMatchObject({
      isWinner: false,
      outcome: 'lost',
      message: ticketMessages.ofGame('Daily Cash Giveaway', ticketMessages.expiredDaily),
    });
  });
});

/**
 * Three tickets of a game under test, in seq order; the newest (seq 3) paid `lateByMs` after the draw
 * moment of `settings`' draw at the minute of `aMinuteOn()`, as if settled between the moment and the run.
 */
async function threeTicketsTheLastLate(game: HouseGameKind) {
  const under = await aHouseGameUnderTest(game);
  const tickets = await paidEntriesByCode(under.sharedCode, 3);
  const bySeq = (await Promise.all(tickets.map(async (t) => ({ ...t, seq: (await getEntry(t.entryId))!.seq! })))).sort(
    (a, b) => a.seq - b.seq,
  );
  const minute = aMinuteOn();
  const settings = settingsDrawingAt(minute);
  const moment = new Date(`${today(minute)}T${hhmm(minute)}:00.000Z`);
  const late = bySeq[2]!;
  const paidAt = new Date(moment.getTime() + 5_000).toISOString();
  // setup: the newest ticket settled 5 s after the moment (settlement keeps the assignment's lastPaidAt with it)
  await setEntry(late.entryId, { paidAt, game });
  await setAssignment(under.assignmentId, { lastPaidAt: paidAt });
  // the job runs 20 s after the moment (EventBridge jitter, a retry)
  const runAt = new Date(moment.getTime() + 20_000);
  return { ...under, bySeq, late, paidAt: new Date(paidAt), settings, runAt };
}

describe('the late-ticket rule in the draw', () => {
  it("a ticket paid after the moment but settled before the run is not drawn tonight: it waits for, and is in, the next day's draw", async () => {
    const { target, assignmentId, late, paidAt, settings, runAt } = await threeTicketsTheLastLate('daily');

    expect((await houseDraws(runAt, [target], settings))[target.marker]).toMatchObject({
      outcome: 'drawn',
      entryCount: 2,
    });
    const tonight = (await getDraw(`${assignmentId}-w1`))!;
    expect(tonight).toMatchObject({ windowCount: 3, firstSeq: 1, lastSeq: 2, entryCount: 2 });
    expect(tonight.winningSeq).toBeLessThanOrEqual(2);
    expect(tonight.winnerEntryId).not.toBe(late.entryId);
    expect((await verifyDraw(publicDrawView(tonight))).ok).toBe(true);
    // the late ticket's leaf is in tonight's tree, but not among the entries drawn
    const lateHash = await ticketHash(late.ticket);
    const inTonight = await checkInclusion(
      publicDrawView(tonight),
      lateHash,
      (await inclusionProofOf(tonight, lateHash))!,
    );
    expect(inTonight.detail).toContain('not among the entries drawn');

    // it opens the next window, renumbered, with no "cleared" SMS (it was told its draw when bought)
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowCount: 1 });
    expect((await getAssignment(assignmentId))!.clearPending).toBeUndefined();
    expect(await getEntry(late.entryId)).toMatchObject({ windowNo: 2, seq: 1 });
    expect((await getEntry(late.entryId))!.carriedAt).toBeUndefined();
    expect((await getWindowEntry(assignmentId, 2, 1))?.entryId).toBe(late.entryId);
    // (counted by text: its ticket SMS is sent after settlement and may still be on its way)
    expect((await smsTo(late.msisdn)).filter((sms) => sms.text.includes('was cleared'))).toEqual([]);

    // the checker says what its SMS said: waiting for the next day's draw, not "not a winner"
    const { rules } = await getHouseRules();
    const waiting = {
      outcome: 'waiting',
      message: ticketMessages.ofGame(
        houseGame.daily.title,
        ticketMessages.waitingDaily(ticketDrawWhen(scheduleOf('daily', rules), paidAt)),
      ),
    };
    expect(await verifyTicket(late.ticket, runAt)).toMatchObject(waiting);
    // and so it does before the move is done (the job stopped between the close and the move)
    await setEntry(late.entryId, { windowNo: 1, seq: 3 });
    expect(await verifyTicket(late.ticket, runAt)).toMatchObject(waiting);
    await setEntry(late.entryId, { windowNo: 2, seq: 1 });

    // the next day's draw covers it, and its record verifies, inclusion and all
    const nextDay = new Date(runAt.getTime() + 86_400_000);
    expect((await houseDraws(nextDay, [target], settings))[target.marker]).toMatchObject({ outcome: 'drawn' });
    const next = (await getDraw(`${assignmentId}-w2`))!;
    expect(next).toMatchObject({ windowCount: 1, firstSeq: 1, lastSeq: 1, entryCount: 1, winningSeq: 1 });
    expect(next.winnerEntryId).toBe(late.entryId);
    expect((await verifyDraw(publicDrawView(next))).ok).toBe(true);
    const inNext = await checkInclusion(publicDrawView(next), lateHash, (await inclusionProofOf(next, lateHash))!);
    expect(inNext).toMatchObject({ ok: true });
    expect(inNext.detail).toContain('in this draw (drawn among #1..#1)');
  });

  it('on time (no ticket paid after the moment) the cut-off is the window count, with no read', async () => {
    // an assignment with no entries stored at all: any read of one would throw
    const ghost = { id: `ghost-${randomUUID()}`, windowNo: 1, windowCount: 5 };
    const moment = new Date();
    expect(await lastValidSeq({ ...ghost, lastPaidAt: new Date(moment.getTime() - 1).toISOString() }, moment)).toBe(5);
    await expect(lastValidSeq({ ...ghost, lastPaidAt: moment.toISOString() }, moment)).rejects.toThrow(
      'has no paid entry',
    );
  });
});

describe('the jackpot', () => {
  it("leaves a ticket paid after its moment for next week's draw, and its stake grows next week's jackpot", async () => {
    const { target, assignmentId, late, settings, runAt } = await threeTicketsTheLastLate('jackpot');
    expect((await getAssignment(assignmentId))!.windowValueLrdCents).toBe(30_000);

    await houseDraws(runAt, [target], settings);
    const thisWeek = (await getDraw(`${assignmentId}-w1`))!;
    // base prize plus 20% of the two stakes drawn, not of the late one
    expect(thisWeek).toMatchObject({ entryCount: 2, lastSeq: 2, prizeLrdCents: 2_500_000 + 4_000 });
    expect(thisWeek.winnerEntryId).not.toBe(late.entryId);
    expect(await getAssignment(assignmentId)).toMatchObject({
      windowNo: 2,
      windowCount: 1,
      windowValueLrdCents: 10_000,
    });

    await houseDraws(new Date(runAt.getTime() + 7 * 86_400_000), [target], settings);
    const nextWeek = (await getDraw(`${assignmentId}-w2`))!;
    expect(nextWeek).toMatchObject({ entryCount: 1, winnerEntryId: late.entryId, prizeLrdCents: 2_500_000 + 2_000 });
    expect((await verifyDraw(publicDrawView(nextWeek))).ok).toBe(true);
  });

  it("on its weekday draws one of its tickets: base prize plus 20% of the window's stakes", async () => {
    const { target, sharedCode, assignmentId } = await aHouseGameUnderTest('jackpot');
    await paidEntriesByCode(sharedCode, 2);
    expect((await getAssignment(assignmentId))!.windowValueLrdCents).toBe(20_000);
    const now = aMinuteOn();
    const notToday = settingsDrawingAt(now, hhmm(now), { drawWeekday: (now.getUTCDay() + 1) % 7 });
    expect((await houseDraws(now, [target], notToday))[target.marker]).toBe('not-due');

    await houseDraws(now, [target], settingsDrawingAt(now));
    const record = (await getDraw(`${assignmentId}-w1`))!;
    expect(record).toMatchObject({ kind: 'house', game: 'jackpot', entryCount: 2, prizeLrdCents: 2_500_000 + 4_000 });
    expect(record.winningSeq).toBeGreaterThanOrEqual(1);
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowValueLrdCents: 0 });
  });

  it('with no tickets records a draw with no winner', async () => {
    const { target, assignmentId } = await aHouseGameUnderTest('jackpot');
    const now = new Date();
    await houseDraws(now, [target], settingsDrawingAt(now));
    const record = (await getDraw(`${assignmentId}-w1`))!;
    expect(record).toMatchObject({ game: 'jackpot', entryCount: 0 });
    expect(record.winnerEntryId).toBeUndefined();
  });
});
