import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { PublicDrawRecord, PublicWinnersAnswer } from '@shared/api/schemas/draws';
import { verifyDraw } from '@shared/fairness/draw-method';
import { maskMobileNumber } from '@shared/phone';
import { redrawMessages } from '@shared/redraw';
import { listAudit } from '../../functions/modules/audit';
import { getDraw } from '../../functions/modules/draw-records';
import { gameLedgerLinesBetween } from '../../functions/modules/ledger';
import type { StaffUser } from '../../functions/modules/staff';
import { fetchDrawRecord, main } from '../../scripts/verify-draw';
import { ApiClient } from '../support/api';
import { aDrawRecord, aPartner, aStaffUser, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw, smsTo } from '../support/play';

/**
 * A winner voided for cause and the linked public redraw (issue 36 part 1; GLI-31, AGCO: every attempt is
 * public): driven through the API, read back through the public API, checked by the verifier.
 */
let admin: StaffUser;
let adminClient: ApiClient;
let partner: Awaited<ReturnType<typeof aPartner>>;
let sharedCode: string;
const baseUrl = () => inject('baseUrl');

/** Five paid entries and the admin's Conduct Draw: the drawn record and the entries' numbers by entry id. */
async function aDrawnWinner(): Promise<{ record: PublicDrawRecord; numbers: Map<string, string> }> {
  const numbers = new Map<string, string>();
  for (let i = 0; i < 5; i += 1) {
    const entry = await aPaidEntryByCode(sharedCode);
    numbers.set(entry.entryId, entry.msisdn);
  }
  const response = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString });
  if (response.status !== 200) throw new Error(response.text);
  return { record: await fetchDrawRecord(response.body.winner.draw_id, baseUrl()), numbers };
}

const voidIt = (client: ApiClient, id: string, drawId: string) =>
  client.call(routes.voidWinner, { id }, { draw_id: drawId, reason: 'staff-member', note: 'Winner is a cashier' });

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  partner = await aPartner();
  const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 5, threshold: 5 });
  sharedCode = promotion.sharedCode;
});

describe('voiding a winner for cause', () => {
  it('makes two linked public records by the same protocol, both verified (page code and CLI), and tells the new winner', async () => {
    const { record: original, numbers } = await aDrawnWinner();
    const response = await voidIt(adminClient, admin.id, original.draw_id);
    expect(response.status, response.text).toBe(200);
    const redrawId = response.body.redraw.draw_id;
    expect(redrawId).toBe(`${original.draw_id}-r1`);

    const voided = await fetchDrawRecord(original.draw_id, baseUrl());
    const redraw = await fetchDrawRecord(redrawId, baseUrl());
    expect(voided.voided).toMatchObject({ reason: 'staff-member', redraw_id: redrawId });
    expect(redraw.redraw_of).toEqual({ draw_id: original.draw_id, reason: 'staff-member' });
    // the same entries and seed; a new round after the void; the voided ticket passed over
    expect(redraw).toMatchObject({
      method: 'commit-merkle-beacon-1',
      commitment: original.commitment,
      seed: original.seed,
      merkle_root: original.merkle_root,
      entry_count: original.entry_count,
      window_count: original.window_count,
      excluded_seqs: [original.winning_seq],
    });
    expect(redraw.beacon!.round).toBeGreaterThan(original.beacon!.round);
    expect(redraw.winning_seq).not.toBe(original.winning_seq);
    expect(JSON.stringify([voided, redraw])).not.toContain('cashier'); // the note stays in the audit log

    for (const record of [voided, redraw]) {
      const verdict = await verifyDraw(record);
      expect(verdict.ok, JSON.stringify(verdict.checks.filter((c) => !c.ok))).toBe(true);
      expect(await main([record.draw_id], baseUrl())).toBe(0);
    }
    // a redraw claiming the voided ticket won again does not check out
    const tampered = await verifyDraw({ ...redraw, winning_seq: original.winning_seq });
    expect(tampered.checks.find((c) => !c.ok)?.name).toBe('winning sequence number');

    const stored = (await getDraw(redrawId))!;
    const newWinner = numbers.get(stored.winnerEntryId!)!;
    expect(redraw.winner).toBe(maskMobileNumber(newWinner));
    await expect
      .poll(async () => (await smsTo(newWinner)).some((sms) => sms.text.startsWith('Congratulations!')))
      .toBe(true);
    const winners = (await new ApiClient().call<PublicWinnersAnswer>(routes.publicWinners, {})).body.Winners;
    expect(winners.map((w) => w.DrawID)).toContain(redrawId);
    expect(winners.map((w) => w.DrawID)).not.toContain(original.draw_id);

    // ledger: the voided award undone and the redraw's owed, in the void's transaction
    const day = stored.drawnAt.slice(0, 10);
    const lines = await gameLedgerLinesBetween(
      `${day}T00:00:00.000Z`,
      new Date(Date.parse(day) + 86_400_000).toISOString(),
    );
    expect(lines.find((l) => l.kind === 'prize-voided' && l.ref === original.draw_id)?.amountCents).toBe(-500_000);
    expect(lines.find((l) => l.kind === 'prize-awarded' && l.ref === redrawId)?.amountCents).toBe(500_000);
    const audit = (await listAudit(100)).items.find(
      (a) => a.action === 'draw.void' && a.target === `draw:${original.draw_id}`,
    );
    expect(audit).toMatchObject({
      actorId: admin.id,
      after: { reason: 'staff-member', note: 'Winner is a cashier', redrawId },
    });

    // voiding the voided record again: a clear 409, nothing changes
    const again = await voidIt(adminClient, admin.id, original.draw_id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(redrawMessages.alreadyVoided);
    expect(await fetchDrawRecord(original.draw_id, baseUrl())).toEqual(voided);
    expect((await new ApiClient().call(routes.publicDraw, { draw_id: `${original.draw_id}-r2` })).status).toBe(404);
  });

  it('of concurrent voids of one winner, exactly one commits: one redraw', async () => {
    const { record } = await aDrawnWinner();
    const answers = await Promise.all(Array.from({ length: 5 }, () => voidIt(adminClient, admin.id, record.draw_id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await fetchDrawRecord(`${record.draw_id}-r1`, baseUrl())).redraw_of?.draw_id).toBe(record.draw_id);
    expect((await new ApiClient().call(routes.publicDraw, { draw_id: `${record.draw_id}-r2` })).status).toBe(404);
    const voids = (await listAudit(200)).items.filter(
      (a) => a.action === 'draw.void' && a.target === `draw:${record.draw_id}`,
    );
    expect(voids).toHaveLength(1);
  });

  it('refuses an unknown draw (404), one without a winner, a paid prize and one being paid (409), changing nothing', async () => {
    expect((await voidIt(adminClient, admin.id, 'no-such-draw-w1')).status).toBe(404);
    const noWinner = await aDrawRecord({
      kind: 'cleared',
      winnerEntryId: undefined,
      winningSeq: undefined,
      payoutStatus: undefined,
    });
    const cases = [
      [noWinner, redrawMessages.noWinner],
      [await aDrawRecord({ payoutStatus: 'paid', payoutId: 'PRIZE-fixture-paid' }), redrawMessages.alreadyPaid],
      [await aDrawRecord({ payoutStatus: 'pending', payoutId: 'PRIZE-fixture-flight' }), redrawMessages.payoutInFlight],
    ] as const;
    for (const [draw, message] of cases) {
      const answer = await voidIt(adminClient, admin.id, draw.id);
      expect(answer.status, draw.id).toBe(409);
      expect(answer.body.error).toBe(message);
      expect(await getDraw(draw.id)).toEqual(draw);
    }
  });

  it('refuses an admin who is not a super admin (403), nothing changes', async () => {
    const { record } = await aDrawnWinner();
    const plain = await aStaffUser('admin');
    const answer = await voidIt(await signedIn(plain), plain.id, record.draw_id);
    expect(answer.status).toBe(403);
    expect((await fetchDrawRecord(record.draw_id, baseUrl())).voided).toBeUndefined();
  });
});
