import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { commitmentOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { periodsOf } from '../../functions/platform/periods';
import { getEntry, ticketMessages, verifyTicket } from '../../functions/modules/entries';
import { getAssignment, getWindowSeed } from '../../functions/modules/catalog';
import { listAudit } from '../../functions/modules/audit';
import { readWinnerCounters } from '../../functions/modules/ledger';
import { getDraw } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aCheckedInAnnouncer, anAnnouncer, aPartner, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode, smsTo } from '../support/play';

/** Threshold draws and clears (DESIGN section 4; spec sections 5 and 7). */
let admin: StaffUser;
let adminClient: ApiClient;
/** One partner on air with its checked-in announcer, signed in; each test draws its own promotion of it. */
let onAir: { partner: PartnerRecord; announcer: AnnouncerRecord; client: ApiClient };

const signedInAnnouncer = (announcer: AnnouncerRecord) =>
  signedIn({ id: announcer.ID, email: announcer.Email, role: 'announcer' } as StaffUser);

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  const partner = await aPartner();
  const announcer = await aCheckedInAnnouncer(partner);
  onAir = { partner, announcer, client: await signedInAnnouncer(announcer) };
});

/** A new promotion of the partner on air, to draw. */
async function aPartnerOnAir(terms: Parameters<typeof aPromotionToDraw>[3] = {}) {
  return { ...onAir, ...(await aPromotionToDraw(adminClient, admin.id, onAir.partner, terms)) };
}

/** The announcer's draw with the spec's full body (thresholds and counts as a client might claim them). */
const announcerDraw = (
  client: ApiClient,
  announcer: AnnouncerRecord,
  partner: PartnerRecord,
  sharedCode: string,
  claims = {},
) =>
  client.call(
    routes.announcerDraw,
    { id: announcer.ID },
    {
      partner: partner.SearchString,
      threshold: 3,
      starting_threshold: 2,
      daily_draw: 2,
      search_string: announcer.SearchString,
      promotion_title: 'whatever the client says',
      shared_code: sharedCode,
      ...claims,
    },
  );

const selectWinner = (body: Record<string, unknown>) => adminClient.call(routes.selectWinner, { id: admin.id }, body);

describe('a threshold draw', () => {
  it('draws one paid entry of the window, records it verifiably, restarts the window and tells the winner', async () => {
    const { partner, announcer, client, sharedCode, assignmentId } = await aPartnerOnAir({
      starting_threshold: 2,
      winner_amount: '7500.50',
    });
    const before = await getAssignment(assignmentId);
    const entries = await paidEntriesByCode(sharedCode, 2);

    const response = await announcerDraw(client, announcer, partner, sharedCode);
    expect(response.status, response.text).toBe(200);
    const winner = response.body.winner;
    const won = entries.find((e) => e.msisdn === winner.mobile_number)!;
    expect(won).toBeDefined();
    expect(winner).toEqual({
      id: won.entryId,
      draw_id: `${assignmentId}-w1`,
      partner_id: partner.ID,
      mobile_number: won.msisdn,
      winner_selected: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      winner_amount: '7500.50',
    });

    const record = (await getDraw(winner.draw_id))!;
    expect(record).toMatchObject({
      kind: 'threshold',
      game: 'partner',
      windowNo: 1,
      windowCount: 2,
      entryCount: 2,
      firstSeq: 1,
      winnerEntryId: won.entryId,
      prizeLrdCents: 750_050,
      payoutStatus: 'pending',
      drawnBy: announcer.ID,
      commitment: before!.windowCommitment,
    });
    expect(commitmentOf(record.seed)).toBe(before!.windowCommitment);

    const after = (await getAssignment(assignmentId))!;
    expect(after).toMatchObject({
      windowNo: 2,
      windowCount: 0,
      windowValueLrdCents: 0,
      lastDrawDay: periodsOf(new Date()).day,
    });
    expect(after.windowCommitment).toBe((await getWindowSeed(assignmentId, 2))!.commitment);
    expect(after.windowCommitment).not.toBe(before!.windowCommitment);

    expect(await getEntry(won.entryId)).toMatchObject({
      wonAt: record.drawnAt,
      prizeLrdCents: 750_050,
      drawId: record.id,
    });
    const now = new Date();
    expect((await verifyTicket(won.ticket, now)).isWinner).toBe(true);
    const loser = entries.find((e) => e !== won)!;
    expect(await verifyTicket(loser.ticket, now)).toMatchObject({
      isWinner: false,
      outcome: 'lost',
      message: expect.stringContaining(ticketMessages.lost),
    });
    expect(
      (await smsTo(won.msisdn)).some(
        (sms) => sms.text.startsWith('Congratulations!') && sms.text.includes('7,500.50 LRD'),
      ),
    ).toBe(true);
  });

  it('50 concurrent draw requests on one eligible window: exactly one winner and 49 clean 409s', async () => {
    const { partner, announcer, client, sharedCode, assignmentId } = await aPartnerOnAir({ starting_threshold: 3 });
    await paidEntriesByCode(sharedCode, 3);
    const period = periodsOf(new Date());
    const [counterBefore] = await readWinnerCounters([{ owner: assignmentId, period: 'D', value: period.day }]);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? announcerDraw(client, announcer, partner, sharedCode)
          : selectWinner({ partner: partner.SearchString, shared_code: sharedCode, threshold: 3, dailyDraw: 3 }),
      ),
    );
    const won = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body).toEqual({ error: messages.draw.alreadyConducted });

    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowCount: 0 });
    expect(await getDraw(`${assignmentId}-w2`)).toBeUndefined();
    const [counterAfter] = await readWinnerCounters([{ owner: assignmentId, period: 'D', value: period.day }]);
    expect(counterAfter!.winners - counterBefore!.winners).toBe(1);
    const winner = won[0]!.body.winner;
    expect((await smsTo(winner.mobile_number)).filter((sms) => sms.text.startsWith('Congratulations!'))).toHaveLength(
      1,
    );
  });

  it('refuses a draw below the threshold, with the reason', async () => {
    const { partner, announcer, client, sharedCode, assignmentId } = await aPartnerOnAir({ starting_threshold: 3 });
    await paidEntriesByCode(sharedCode, 2);
    const response = await announcerDraw(client, announcer, partner, sharedCode);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Threshold not met: 2 of 3 entries.');
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1, windowCount: 2 });
  });

  it('the first draw of the day needs starting_threshold, later draws that day need threshold', async () => {
    const { partner, announcer, client, sharedCode } = await aPartnerOnAir({ starting_threshold: 2, threshold: 3 });
    await paidEntriesByCode(sharedCode, 2);
    expect((await announcerDraw(client, announcer, partner, sharedCode)).status).toBe(200);

    await paidEntriesByCode(sharedCode, 2);
    const early = await announcerDraw(client, announcer, partner, sharedCode);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(messages.draw.thresholdNotMet(2, 3));

    await paidEntriesByCode(sharedCode, 1);
    const second = await announcerDraw(client, announcer, partner, sharedCode);
    expect(second.status, second.text).toBe(200);
    expect((await getDraw(second.body.winner.draw_id))!.entryCount).toBe(3);
  });

  it('a client lying about thresholds and counts changes nothing', async () => {
    const { partner, announcer, client, sharedCode, assignmentId } = await aPartnerOnAir({
      starting_threshold: 3,
      threshold: 4,
    });
    await paidEntriesByCode(sharedCode, 1);
    const lie = { threshold: 0, starting_threshold: 0, daily_draw: 9_999, partner: 'SOMEONE-ELSE' };
    const byAnnouncer = await announcerDraw(client, announcer, partner, sharedCode, lie);
    expect(byAnnouncer.status).toBe(409);
    expect(byAnnouncer.body.error).toBe(messages.draw.thresholdNotMet(1, 3));
    const byAdmin = await selectWinner({
      partner: partner.SearchString,
      shared_code: sharedCode,
      threshold: 0,
      dailyDraw: 500,
    });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error).toBe(messages.draw.thresholdNotMet(1, 3));
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });
  });

  it('an announcer of another partner, or one not checked in, is refused', async () => {
    const { partner, announcer, sharedCode, assignmentId } = await aPartnerOnAir({ starting_threshold: 1 });
    await paidEntriesByCode(sharedCode, 1);

    const stranger = await aCheckedInAnnouncer(await aPartner());
    const strangerDraw = await announcerDraw(await signedInAnnouncer(stranger), stranger, partner, sharedCode);
    expect(strangerDraw.status).toBe(403);
    expect(strangerDraw.body.error).toBe(messages.draw.otherPartner);

    const offDuty = await anAnnouncer(partner);
    const offDutyDraw = await announcerDraw(await signedInAnnouncer(offDuty), offDuty, partner, sharedCode);
    expect(offDutyDraw.status).toBe(403);
    expect(offDutyDraw.body.error).toBe(messages.draw.notCheckedIn);

    const own = await signedInAnnouncer(announcer);
    expect((await announcerDraw(own, announcer, partner, '99')).status).toBe(400);
    const unknown = await announcerDraw(own, announcer, partner, '9999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(messages.draw.unknownPromotion);
    expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });
  });

  it('the admin draws for a partner named by its code, naming the promotion when it runs several', async () => {
    const partner = await aPartner();
    const first = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    await paidEntriesByCode(first.sharedCode, 1);
    const only = await selectWinner({ partner: partner.SearchString, threshold: 1, dailyDraw: 1 });
    expect(only.status, only.text).toBe(200);
    expect(only.body.winner).toMatchObject({
      DrawID: `${first.assignmentId}-w1`,
      WinnerSelected: only.body.winner.winner_selected,
    });

    const second = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1, threshold: 1 });
    await paidEntriesByCode(second.sharedCode, 1);
    const unnamed = await selectWinner({ partner: partner.SearchString, threshold: 1, dailyDraw: 1 });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toBe(messages.draw.nameThePromotion);
    const named = await selectWinner({ partner: partner.SearchString, promotion: second.promotion.ID });
    expect(named.status, named.text).toBe(200);
    expect(named.body.winner.draw_id).toBe(`${second.assignmentId}-w1`);

    const audit = (await listAudit(100)).items.find(
      (line) => line.target === `assignment:${second.assignmentId}` && line.action === 'draw.conduct',
    );
    expect(audit).toMatchObject({ actorId: admin.id, after: { drawId: `${second.assignmentId}-w1`, entryCount: 1 } });
  });
});
