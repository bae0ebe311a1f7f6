import { randomInt } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AdminWinnerRow, PublicWinnersAnswer } from '@shared/api/schemas/draws';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { maskMobileNumber } from '@shared/phone';
import { topicNames, TOPIC_ERROR_EVENT } from '@shared/topics';
import { paidToWinners } from '../../functions/modules/draws';
import { markPayoutPaid, reconcilePayouts, startPrizePayout } from '../../functions/modules/payouts';
import { getDraw, type PrizeDraw } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import { eventually } from '../support/eventually';
import { ApiClient } from '../support/api';
import {
  aDrawRecord,
  aPartner,
  aPrizePayoutOf,
  aPlainAdmin,
  aStaffUser,
  fixtureSuperAdmin,
  signedIn,
} from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import { TopicClient } from '../support/ws';

/** Winners lists: the admins' live list and the public page's masked list with real totals. */
let admin: StaffUser;
let adminClient: ApiClient;
let partner: PartnerRecord;
const sockets: TopicClient[] = [];

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  partner = await aPartner();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A drawn winner of a new promotion of `partner` (2 paid entries, drawn by the admin). */
async function aDrawnWinner(winnerAmount = '1234.50') {
  const promotion = await aPromotionToDraw(adminClient, admin.id, partner, {
    starting_threshold: 2,
    winner_amount: winnerAmount,
  });
  await paidEntriesByCode(promotion.sharedCode, 2);
  const response = await adminClient.call(
    routes.selectWinner,
    { id: admin.id },
    { partner: partner.SearchString, shared_code: promotion.sharedCode },
  );
  if (response.status !== 200) throw new Error(response.text);
  return {
    ...promotion,
    winner: response.body.winner as { draw_id: string; mobile_number: string; winner_selected: string },
  };
}

describe('admin/winners (DESIGN section 6)', () => {
  it('shows every admin a new winner, newest first, with the full number and payout status', async () => {
    const socket = await TopicClient.connect((await signedIn(await aPlainAdmin())).sessionCookie);
    sockets.push(socket);
    socket.subscribe(topicNames.adminWinners);
    await socket.waitFor((m) => m.topic === topicNames.adminWinners && m.event === 'winners');

    const { promotion, winner } = await aDrawnWinner('1234.50');
    const update = await socket.waitFor<{ Winners: AdminWinnerRow[] }>(
      (m) => m.event === 'winners' && m.data.Winners.some((w) => w.DrawID === winner.draw_id),
    );
    const row = update.data.Winners.find((w) => w.DrawID === winner.draw_id)!;
    expect(row).toEqual({
      MobileNumber: winner.mobile_number,
      PartnerID: partner.ID,
      PartnerUsername: partner.Username,
      WinnerAmount: '1234.50',
      WinnerSelected: winner.winner_selected,
      PromotionTitle: promotion.promotion_title,
      DrawID: winner.draw_id,
      PayoutStatus: 'pending',
    });
    const times = update.data.Winners.map((w) => w.WinnerSelected);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is refused to partners and announcers', async () => {
    for (const role of ['partner', 'announcer'] as const) {
      const socket = await TopicClient.connect((await signedIn(await aStaffUser(role))).sessionCookie);
      sockets.push(socket);
      socket.subscribe(topicNames.adminWinners);
      const refusal = await socket.waitFor((m) => m.topic === topicNames.adminWinners && m.event === TOPIC_ERROR_EVENT);
      expect(refusal.data).toEqual({ error: 'You do not have access to this topic.' });
    }
  });
});

describe('GET /api/v1/public/winners', () => {
  it('lists recent winners with masked numbers and real totals', async () => {
    const before = (await new ApiClient().call<PublicWinnersAnswer>(routes.publicWinners)).body;
    const { promotion, winner } = await aDrawnWinner('2000.00');
    const response = await new ApiClient().call<PublicWinnersAnswer>(routes.publicWinners);
    expect(response.status).toBe(200);
    const row = response.body.Winners.find(
      (w) => w.WinnerSelected === winner.winner_selected && w.Game === promotion.promotion_title,
    );
    expect(row).toEqual({
      MobileNumber: maskMobileNumber(winner.mobile_number),
      WinnerAmount: '2000.00',
      WinnerSelected: winner.winner_selected,
      Game: promotion.promotion_title,
      // its public record page (DESIGN section 4, "Fair draws")
      DrawID: winner.draw_id,
    });
    expect(response.text).not.toMatch(/231\d{9}/);
    // other tests draw on this stack too: the totals moved by at least this winner
    expect(response.body.TotalWinners).toBeGreaterThanOrEqual(before.TotalWinners + 1);

    // "Paid to winners" takes the prize in once its payout is paid (the reconcile-payouts job pays it)
    await reconcilePayouts(new Date());
    await eventually(
      () => getDraw(winner.draw_id),
      (draw) => draw?.payoutStatus === 'paid',
    );
    const paid = (await new ApiClient().call<PublicWinnersAnswer>(routes.publicWinners)).body;
    expect(Number(paid.TotalPaidLRD)).toBeGreaterThanOrEqual(Number(before.TotalPaidLRD) + 2000);
  });

  it('counts in "Paid to winners" a prize whose payout is paid, never one still pending', async () => {
    // a year of its own, far ahead, that no other test pays in: the total's growth across it is this prize alone
    const year = 2200 + randomInt(700);
    const at = new Date(`${year}-06-01T12:00:00.000Z`);
    const yearBefore = new Date(`${year - 1}-06-01T12:00:00.000Z`);
    // the years before are shared with every other test: read both totals until no payout landed between the reads
    const growthIn = (expected: number) =>
      eventually(
        async () => (await paidToWinners(at)) - (await paidToWinners(yearBefore)),
        (growth) => growth === expected,
      );

    const draw = await aDrawRecord({ prizeLrdCents: 345_678, drawnAt: at.toISOString() });
    const payout = aPrizePayoutOf(draw, at);
    expect(await startPrizePayout(payout, draw as PrizeDraw)).toBe(true);
    expect(await growthIn(0)).toBe(0);

    expect(await markPayoutPaid(payout, 'ftx-paid-to-winners', at)).toBe(true);
    expect(await growthIn(345_678)).toBe(345_678);
  });
});
