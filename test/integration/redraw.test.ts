import { beforeAll, describe, expect, it } from 'vitest';
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
import { aPaidEntryByCode, aPromotionToDraw, aUniquePlayerNumber, smsTo } from '../support/play';
import { clearPaymentRequests } from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

/**
 * A winner voided for cause and the linked public redraw (issue 36 part 1; GLI-31, AGCO: every attempt is
 * public): driven through the API, read back through the public API, checked by the verifier.
 */
let admin: StaffUser;
let adminClient: ApiClient;
let partner: Awaited<ReturnType<typeof aPartner>>;
let sharedCode: string;
const baseUrl = () => sharedStack().baseUrl;

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

/**
 * A drawn window of `tickets` numbers (in entry order) on a partner's promotion of its own, drawn by the admin;
 * drawn again on a fresh one until `wanted` says yes of its winner (at most 8 windows).
 */
async function aWindowWonAs(
  tickets: readonly string[],
  wanted: (winner: string) => boolean,
): Promise<{ record: PublicDrawRecord; winner: string }> {
  for (let attempt = 1; ; attempt += 1) {
    // another attempt enters the same numbers again: their prompt counts start afresh (3 per number per 10 minutes)
    if (attempt > 1) await Promise.all([...new Set(tickets)].map(clearPaymentRequests));
    const station = await aPartner();
    const own = await aPromotionToDraw(adminClient, admin.id, station, {
      starting_threshold: tickets.length,
      threshold: tickets.length,
    });
    for (const mobile of tickets) await aPaidEntryByCode(own.sharedCode, mobile);
    const drawn = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: station.SearchString });
    if (drawn.status !== 200) throw new Error(drawn.text);
    const record = await fetchDrawRecord(drawn.body.winner.draw_id, baseUrl());
    const winner = (await getDraw(record.draw_id))!.winnerMsisdn!;
    if (wanted(winner) || attempt === 8) return { record, winner };
  }
}

const voidFor = (drawId: string, reason: string) =>
  adminClient.call(routes.voidWinner, { id: admin.id }, { draw_id: drawId, reason, note: 'found at the claim' });

describe('a winner voided as a person (an excluded player, a staff member)', () => {
  it("passes over the person's other tickets in the window too, and the redraw still verifies", async () => {
    const person = aUniquePlayerNumber();
    const other = aUniquePlayerNumber();
    // three of the window's four tickets are the person's (3 prompts per number per 10 minutes)
    const { record, winner } = await aWindowWonAs([person, other, person, person], (w) => w === person);
    expect(winner).toBe(person);
    const response = await voidFor(record.draw_id, 'excluded-player');
    expect(response.status, response.text).toBe(200);
    const redraw = await fetchDrawRecord(response.body.redraw.draw_id, baseUrl());
    expect((await getDraw(redraw.draw_id))!.winnerMsisdn).toBe(other);
    // every seq passed over is listed (the voided one first), and the pick over the rest verifies
    expect(redraw.excluded_seqs![0]).toBe(record.winning_seq);
    expect(redraw.excluded_seqs).not.toContain(redraw.winning_seq);
    const verdict = await verifyDraw(redraw);
    expect(verdict.ok, JSON.stringify(verdict.checks.filter((c) => !c.ok))).toBe(true);
  });

  it('refuses to redraw a window of nobody else (409), while a ticket found invalid voids that ticket alone', async () => {
    const person = aUniquePlayerNumber();
    const { record } = await aWindowWonAs([person, person, person], () => true);
    const refused = await voidFor(record.draw_id, 'staff-member');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(redrawMessages.nothingLeft);
    expect((await getDraw(record.draw_id))!.voided).toBeUndefined();

    const invalid = await voidFor(record.draw_id, 'ticket-invalid');
    expect(invalid.status, invalid.text).toBe(200);
    const redraw = (await getDraw(invalid.body.redraw.draw_id))!;
    expect(redraw).toMatchObject({ winnerMsisdn: person, excludedSeqs: [record.winning_seq] });
  });
});
