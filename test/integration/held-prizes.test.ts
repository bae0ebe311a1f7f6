import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import type { PlayerStory } from '@shared/api/schemas/support';
import { formatMoneyShown } from '@shared/money';
import { oversightMessages } from '@shared/oversight-messages';
import { getDraw, drawsAwaitingPrizePayout } from '../../functions/modules/draw-records';
import { expireHeldPrizes, getBalanceCents, getPayout, listLedger } from '../../functions/modules/payouts';
import type { ApiClient } from '../support/api';
import { aStaffUser, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { aHeldPrize } from '../support/held-prizes';
import { aPlayerNumber, smsTo } from '../support/play';

/**
 * Unclaimed and unpayable prizes (issue 36 part 4): a prize whose winner's
 * number has no active wallet is held with a claim deadline (180 days by
 * default) and the winner told how to claim; the support desk records the
 * winner's identity check and corrected number, then a super admin pays it to
 * that number (both audit-logged); at the deadline
 * the job moves it to the unclaimed-prizes balance with its ledger line,
 * and the regulator sees both.
 */

const UNCLAIMED = 'UNCLAIMED-PRIZES';
let boss: Awaited<ReturnType<typeof fixtureSuperAdmin>>;
let regulator: { id: string; client: ApiClient };
let desk: { id: string; client: ApiClient };

beforeAll(async () => {
  boss = await fixtureSuperAdmin();
  const [user, deskUser] = await Promise.all([aStaffUser('regulator'), aStaffUser('admin', { support: true })]);
  regulator = { id: user.id, client: await signedIn(user) };
  desk = { id: deskUser.id, client: await signedIn(deskUser) };
});

describe('a prize that cannot be paid', () => {
  it('is held with its claim deadline, out of the payout queue, and its winner told how to claim', async () => {
    const before = Date.now();
    const draw = await aHeldPrize();
    const held = (await getDraw(draw.id))!;
    expect(held.payoutReason).toBe('PAYEE_NOT_ACTIVE');
    const deadline = Date.parse(held.claimDeadline!);
    // 180 days from when it could not be paid
    expect(deadline).toBeGreaterThanOrEqual(before + 180 * 86_400_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 180 * 86_400_000);
    expect((await drawsAwaitingPrizePayout()).map((d) => d.id)).not.toContain(draw.id);
    // this prize's own SMS, by its amount and what it says (the ten inactive numbers are shared with other files'
    // held prizes; the title may be shortened beside the site's contact number, which other files set)
    const sms = (await smsTo(draw.winnerMsisdn!)).filter(
      (m) =>
        m.text.includes(`${formatMoneyShown(draw.prizeLrdCents!)} LRD`) &&
        m.text.includes('could not be sent to your mobile money'),
    );
    expect(sms).toEqual([
      expect.objectContaining({ text: expect.stringContaining(`claim it by ${held.claimDeadline!.slice(0, 10)}`) }),
    ]);

    const list = await boss.client.call(routes.listHeldPrizes, { id: boss.user.id });
    const row = list.body.held.find((h: { drawId: string }) => h.drawId === draw.id);
    expect(row).toMatchObject({
      reason: 'PAYEE_NOT_ACTIVE',
      claimDeadline: held.claimDeadline,
      amount: expect.any(String),
    });
    expect(row.winner).not.toBe(draw.winnerMsisdn);
    const seen = await regulator.client.call(routes.regulatorUnclaimed, { id: regulator.id });
    expect(seen.body.held.map((h: { drawId: string }) => h.drawId)).toContain(draw.id);
    expect(JSON.stringify(seen.body)).not.toContain(draw.winnerMsisdn);
  }, 60_000);

  it("is paid to a corrected number only after the support desk records the winner's identity check", async () => {
    const draw = await aHeldPrize();
    const corrected = await aPlayerNumber('approve');
    const claim = (checkAt = 'none') =>
      boss.client.call(routes.claimHeldPrize, { id: boss.user.id }, { draw_id: draw.id, check_at: checkAt });
    // this prize among the number's held prizes (the inactive test numbers are shared with other prizes)
    const lookUp = async () =>
      (
        await desk.client.request<PlayerStory>(
          'GET',
          `${pathOf(routes.supportPlayer, { id: desk.id })}?${new URLSearchParams({ by: 'mobile', q: draw.winnerMsisdn! })}`,
        )
      ).body.held_prizes.filter((held) => held.draw_id === draw.id);
    const record = (body: object) =>
      desk.client.call(routes.supportIdentityCheck, { id: desk.id, drawId: draw.id }, body);

    // no identity check yet: the super admin cannot pay it
    const early = await claim();
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(oversightMessages.heldPrizes.noIdentityCheck);
    // the desk finds it on the winner's page, unchecked
    expect(await lookUp()).toEqual([
      expect.objectContaining({ draw_id: draw.id, reason: 'PAYEE_NOT_ACTIVE', ticket: draw.winnerTicket }),
    ]);
    expect((await lookUp())[0]!.identity_check).toBeUndefined();
    // a check without what was seen, or with a number that is none, changes nothing
    expect((await record({ mobile_number: corrected, identity_check: '' })).status).toBe(400);
    expect((await record({ mobile_number: '12', identity_check: 'National ID seen' })).status).toBe(400);
    expect((await getDraw(draw.id))?.claimCheck).toBeUndefined();

    const check = 'National ID LR-123 seen at the Monrovia office';
    const recorded = await record({ mobile_number: corrected, identity_check: check, notes: 'old SIM lost' });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      message: oversightMessages.heldPrizes.checkRecorded,
      identity_check: { check, pay_to: corrected, by: desk.id },
    });
    expect((await lookUp())[0]!.identity_check).toMatchObject({ check, pay_to: corrected, notes: 'old SIM lost' });
    const deskAudit = await boss.client.request(
      'GET',
      `/api/v1/admin/${boss.user.id}/audit-log?action=prize.identity-check&target=draw:${draw.id}`,
    );
    expect(deskAudit.body.items).toEqual([
      expect.objectContaining({
        actorId: desk.id,
        after: { claimCheck: expect.objectContaining({ payTo: corrected }) },
      }),
    ]);
    // the Payouts list shows the check with the number masked (as the regulator's view does)
    const listed = (await boss.client.call(routes.listHeldPrizes, { id: boss.user.id })).body.held.find(
      (h: { drawId: string }) => h.drawId === draw.id,
    );
    expect(listed.identityCheck).toMatchObject({ check, by: desk.id });
    expect(listed.identityCheck.pay_to).not.toBe(corrected);
    // the regulator sees that a check was recorded, by whom, when and for which masked number: not its words
    const regulated = await regulator.client.call(routes.regulatorUnclaimed, { id: regulator.id });
    const seenByRegulator = regulated.body.held.find((h: { drawId: string }) => h.drawId === draw.id);
    expect(seenByRegulator.identityCheck).toEqual({
      pay_to: listed.identityCheck.pay_to,
      by: desk.id,
      at: expect.any(String),
    });
    expect(JSON.stringify(regulated.body)).not.toContain(corrected);
    expect(JSON.stringify(regulated.body)).not.toContain('LR-123');

    // the desk records it again (another document seen): the check the super admin read is no longer the one
    const again = await record({ mobile_number: corrected, identity_check: `${check}; passport also seen` });
    expect(again.status).toBe(200);
    const stale = await claim(recorded.body.identity_check.at);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(oversightMessages.heldPrizes.checkChanged);
    expect((await getDraw(draw.id))?.payoutStatus).toBe('held');

    const paid = await claim(again.body.identity_check.at);
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(oversightMessages.heldPrizes.claimed);
    await expect.poll(async () => (await getDraw(draw.id))?.payoutStatus, { timeout: 30_000 }).toBe('paid');
    const payout = (await getPayout(paid.body.payoutId))!;
    expect(payout).toMatchObject({ status: 'paid', msisdn: corrected, amountCents: draw.prizeLrdCents });

    const audit = await boss.client.request(
      'GET',
      `/api/v1/admin/${boss.user.id}/audit-log?action=prize.claim&target=draw:${draw.id}`,
    );
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        actorId: boss.user.id,
        after: expect.objectContaining({
          payTo: corrected,
          identityCheck: `${check}; passport also seen`,
          checkedBy: desk.id,
        }),
      }),
    ]);
    // claimed: neither paid again nor checked again, and gone from the desk's page
    expect((await claim(again.body.identity_check.at)).status).toBe(409);
    expect((await record({ mobile_number: corrected, identity_check: check })).status).toBe(409);
    expect(await lookUp()).toEqual([]);
  }, 90_000);

  it('moves to the unclaimed-prizes balance with its ledger line at the deadline, shown to the regulator', async () => {
    const draw = await aHeldPrize();
    const deadline = Date.parse((await getDraw(draw.id))!.claimDeadline!);
    // the day before the deadline it stays held
    await expireHeldPrizes(new Date(deadline - 86_400_000));
    expect((await getDraw(draw.id))?.payoutStatus).toBe('held');

    const result = await expireHeldPrizes(new Date(deadline + 1));
    expect(result.moved).toBeGreaterThanOrEqual(1);
    const moved = (await getDraw(draw.id))!;
    expect(moved.payoutStatus).toBe('unclaimed');
    expect(await getBalanceCents(UNCLAIMED, draw.promotionId)).toBe(draw.prizeLrdCents);
    const lines = (await listLedger(UNCLAIMED)).filter((line) => line.ref === draw.id);
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'unclaimed-prize',
        deltaCents: draw.prizeLrdCents,
        promotionId: draw.promotionId,
      }),
    ]);
    // a second run moves nothing twice
    await expireHeldPrizes(new Date(deadline + 2));
    expect(await getBalanceCents(UNCLAIMED, draw.promotionId)).toBe(draw.prizeLrdCents);

    const late = await boss.client.call(
      routes.claimHeldPrize,
      { id: boss.user.id },
      { draw_id: draw.id, check_at: new Date().toISOString() },
    );
    expect(late.status).toBe(409);
    const seen = await regulator.client.call(routes.regulatorUnclaimed, { id: regulator.id });
    expect(seen.body.unclaimed.lines).toContainEqual(expect.objectContaining({ drawId: draw.id }));
    expect(seen.body.held.map((h: { drawId: string }) => h.drawId)).not.toContain(draw.id);
  }, 60_000);
});
