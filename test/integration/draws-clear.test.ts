import { beforeAll, describe, expect, it } from 'vitest';
import type { ClearPreviewAnswer } from '@shared/api/schemas/draws';
import { checkInclusion, verifyDraw } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { fetchDrawRecord, fetchInclusionProof } from '../../scripts/verify-draw';
import { formatTicketNumber } from '@shared/ticket-number';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { getEntry, verifyTicket } from '../../functions/modules/entries';
import { pathOf, routes } from '@shared/api/routes';
import { commitmentOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { ussdPlayerMessages } from '@shared/ussd';
import { dialAs, screenText } from '../support/ussd';
import { getAssignment, getWindowSeed } from '../../functions/modules/catalog';
import { listAudit } from '../../functions/modules/audit';
import { getDraw } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, finishClearsOf, paidEntriesByCode, queuedClearsOf, smsTo } from '../support/play';
import { forgetWindowSeed, setAssignment } from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

/** Clear draw (DESIGN section 4), and windows opened before draws existed. */
let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

/** The clear dialog's first look: the paid tickets a clear of the partner would affect. */
const previewOf = (partner: string | undefined) =>
  adminClient.request<ClearPreviewAnswer>(
    'GET',
    `${pathOf(routes.clearPartnerDrawPreview, { id: admin.id })}${partner === undefined ? '' : `?partner=${encodeURIComponent(partner)}`}`,
  );

describe('a window opened before draws existed (no seed yet)', () => {
  it('gets its commitment on the first draw request, which is refused; the next draws verifiably', async () => {
    const partner = await aPartner();
    const { sharedCode, assignmentId } = await aPromotionToDraw(adminClient, admin.id, partner, {
      starting_threshold: 1,
    });
    const draw = () =>
      adminClient.call(
        routes.selectWinner,
        { id: admin.id },
        { partner: partner.SearchString, shared_code: sharedCode },
      );
    await paidEntriesByCode(sharedCode, 1);
    // setup: make it look like an assignment stored before draw windows existed
    await forgetWindowSeed(assignmentId, 1);
    await setAssignment(assignmentId, { windowCommitment: undefined });

    const first = await draw();
    expect(first.status).toBe(409);
    expect(first.body.error).toBe(messages.draw.noCommitmentYet);
    const committed = (await getAssignment(assignmentId))!.windowCommitment;
    expect(committed).toBe((await getWindowSeed(assignmentId, 1))!.commitment);

    const second = await draw();
    expect(second.status, second.text).toBe(200);
    expect((await getDraw(second.body.winner.draw_id))!.commitment).toBe(committed);
  });
});

describe('clear draw (never silent: DESIGN section 4)', () => {
  // DESIGN section 4 "Clear draw" changed the requirement: a clear used to void the window's entries
  // ("Not a winner this time"); now they carry into the next window by default, and every player is told.
  it('closes the current window of each active promotion without a winner and carries its paid entries into the next', async () => {
    const partner = await aPartner();
    const a = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const b = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const [entryA] = await paidEntriesByCode(a.sharedCode, 1);
    const entriesB = await paidEntriesByCode(b.sharedCode, 2);

    const preview = await previewOf(partner.SearchString);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.paid_tickets).toBe(3);
    expect(preview.body.promotions.map((p) => [p.shared_code, p.paid_tickets]).sort()).toEqual(
      [
        [a.sharedCode, 1],
        [b.sharedCode, 2],
      ].sort(),
    );

    const response = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.Username },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      message: messages.clearDraw.cleared(2, partner.Username, 3, 'carry'),
      mode: 'carry',
      promotions: 2,
      paid_tickets: 3,
    });
    // the request only closed and queued (no SMS yet); the next window already counts the carried entries,
    // and the checker already tells the truth
    const ids = [a.assignmentId, b.assignmentId];
    expect((await queuedClearsOf(ids)).map((clear) => [clear.assignmentId, clear.mode, clear.count]).sort()).toEqual(
      [
        [a.assignmentId, 'carry', 1],
        [b.assignmentId, 'carry', 2],
      ].sort(),
    );
    expect(await getAssignment(a.assignmentId)).toMatchObject({ windowNo: 2, windowCount: 1 });
    expect((await smsTo(entryA!.msisdn)).filter((m) => m.text.includes('was cleared'))).toEqual([]);
    expect(await verifyTicket(entryA!.ticket, new Date())).toMatchObject({ outcome: 'waiting' });

    expect(await finishClearsOf(ids)).toEqual(['done', 'done']);
    expect(await queuedClearsOf(ids)).toEqual([]);
    for (const [{ assignmentId }, count] of [
      [a, 1],
      [b, 2],
    ] as const) {
      // the next window holds the carried entries (the threshold sees them), and no clear is left pending
      const next = (await getAssignment(assignmentId))!;
      expect(next).toMatchObject({ windowNo: 2, windowCount: count });
      expect(next.clearPending).toBeUndefined();
      const record = (await getDraw(`${assignmentId}-w1`))!;
      expect(record).toMatchObject({ kind: 'cleared', clearMode: 'carry', windowCount: count });
      expect(record.winnerEntryId).toBeUndefined();
      expect(commitmentOf(record.seed)).toBe(record.commitment);
      expect(next.lastDrawDay).toBeUndefined();
    }
    // each carried ticket: in the next window at its seq, told by SMS, and the checker says so
    for (const entry of [entryA!, ...entriesB]) {
      expect(await getEntry(entry.entryId)).toMatchObject({ windowNo: 2, carriedAt: expect.any(String) });
      const sms = (await smsTo(entry.msisdn)).filter((m) => m.text.includes('was cleared'));
      expect(sms).toHaveLength(1);
      expect(sms[0]!.text).toContain(
        `Your ticket ${formatTicketNumber(entry.ticket)} is carried into the next draw of`,
      );
      expect(isOneGsm7Sms(sms[0]!.text)).toBe(true);
    }
    expect(await verifyTicket(entryA!.ticket, new Date())).toMatchObject({
      isWinner: false,
      outcome: 'waiting',
      message: expect.stringContaining(messages.clearDraw.carriedTicket),
    });
    // and so do USSD's My tickets and its check (option 4)
    expect(screenText(await dialAs(entryA!.msisdn, '5'), 'CON')).toMatch(
      new RegExp(`${formatTicketNumber(entryA!.ticket)} [^\\n]+: ${ussdPlayerMessages.status.carried}\\n`),
    );
    expect(screenText(await dialAs(entryA!.msisdn, `4*${entryA!.ticket}`), 'END')).toContain(
      messages.clearDraw.carriedTicket,
    );
    const audit = (await listAudit(100)).items.filter(
      (line) => line.action === 'draw.clear' && line.actorId === admin.id,
    );
    expect(audit.map((line) => line.target)).toEqual(
      expect.arrayContaining([`assignment:${a.assignmentId}`, `assignment:${b.assignmentId}`]),
    );
    expect(audit.find((line) => line.target === `assignment:${b.assignmentId}`)!.after).toMatchObject({
      clearMode: 'carry',
      paidTickets: 2,
    });

    // clearing again finds nothing new to clear (a retried clear is one clear: no second SMS)
    const again = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString },
    );
    expect(again.body.message).toBe(messages.clearDraw.cleared(0, partner.Username, 0, 'carry'));
    expect((await smsTo(entryA!.msisdn)).filter((m) => m.text.includes('was cleared'))).toHaveLength(1);

    // the next draw picks among the carried entries, and its public record verifies, the carried ticket included
    const drawn = await adminClient.call(
      routes.selectWinner,
      { id: admin.id },
      { partner: partner.SearchString, shared_code: b.sharedCode },
    );
    expect(drawn.status, drawn.text).toBe(200);
    expect(drawn.body.winner.draw_id).toBe(`${b.assignmentId}-w2`);
    expect(entriesB.map((e) => e.entryId)).toContain(drawn.body.winner.id);
    const record = await fetchDrawRecord(`${b.assignmentId}-w2`, sharedStack().baseUrl);
    expect(record).toMatchObject({ entry_count: 2, window_count: 2 });
    expect(await verifyDraw(record)).toMatchObject({ ok: true });
    const hash = await ticketHash(entriesB[0]!.ticket);
    expect(
      await checkInclusion(record, hash, await fetchInclusionProof(record.draw_id, hash, sharedStack().baseUrl)),
    ).toMatchObject({ ok: true });
  });

  it('concurrent clears carry once: one SMS per player, the entries once in the next window', async () => {
    const partner = await aPartner();
    const a = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const entries = await paidEntriesByCode(a.sharedCode, 3);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: partner.SearchString }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.body.paid_tickets).sort()).toEqual([0, 0, 3]);
    expect(await getAssignment(a.assignmentId)).toMatchObject({ windowNo: 2, windowCount: 3 });
    expect(await getDraw(`${a.assignmentId}-w2`)).toBeUndefined();
    // one clear queued; two job runs side by side tell each player once
    expect(await queuedClearsOf([a.assignmentId])).toHaveLength(1);
    const runs = await Promise.all([finishClearsOf([a.assignmentId]), finishClearsOf([a.assignmentId])]);
    expect(runs.flat()).toEqual(['done', 'done']);
    for (const entry of entries)
      expect(await getEntry(entry.entryId)).toMatchObject({ windowNo: 2, seq: expect.any(Number) });
    for (const entry of entries)
      expect((await smsTo(entry.msisdn)).filter((m) => m.text.includes('was cleared'))).toHaveLength(1);
  });

  it('a clear whose entries are not moved yet is finished by the next draw before it closes the window', async () => {
    const partner = await aPartner();
    const a = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const entries = await paidEntriesByCode(a.sharedCode, 2);
    const cleared = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString },
    );
    expect(cleared.status, cleared.text).toBe(200);
    // the request closed the window and left the move to the finish-clears job, which has not run
    expect((await getAssignment(a.assignmentId))!.clearPending).toEqual({ windowNo: 1, mode: 'carry', count: 2 });
    for (const entry of entries) expect(await getEntry(entry.entryId)).toMatchObject({ windowNo: 1 });
    // the checker already tells the truth while it is pending
    expect(await verifyTicket(entries[0]!.ticket, new Date())).toMatchObject({
      outcome: 'waiting',
      message: expect.stringContaining(messages.clearDraw.carriedTicket),
    });

    const drawn = await adminClient.call(
      routes.selectWinner,
      { id: admin.id },
      { partner: partner.SearchString, shared_code: a.sharedCode },
    );
    expect(drawn.status, drawn.text).toBe(200);
    expect(drawn.body.winner.draw_id).toBe(`${a.assignmentId}-w2`);
    expect(await getAssignment(a.assignmentId)).toMatchObject({ windowNo: 3, windowCount: 0 });
    for (const entry of entries) expect(await getEntry(entry.entryId)).toMatchObject({ windowNo: 2 });
    expect(await verifyDraw(await fetchDrawRecord(`${a.assignmentId}-w2`, sharedStack().baseUrl))).toMatchObject({
      ok: true,
    });
    // the job, finding the entries moved, only tells the players
    expect(await finishClearsOf([a.assignmentId])).toEqual(['done']);
    for (const entry of entries)
      expect((await smsTo(entry.msisdn)).filter((m) => m.text.includes('was cleared'))).toHaveLength(1);
  });

  it('a username two partners share clears neither (409); each partner search string clears just that one', async () => {
    const username = `Twin FM ${Date.now().toString(36)}`;
    const first = await aPartner({ username });
    const second = await aPartner({ username });
    const a = await aPromotionToDraw(adminClient, admin.id, first, { starting_threshold: 1 });
    const b = await aPromotionToDraw(adminClient, admin.id, second, { starting_threshold: 1 });
    await paidEntriesByCode(a.sharedCode, 1);
    await paidEntriesByCode(b.sharedCode, 1);

    const ambiguous = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: username.toLowerCase() },
    );
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toEqual({ error: messages.draw.ambiguousPartner });
    for (const { assignmentId } of [a, b])
      expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });

    const cleared = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: second.SearchString },
    );
    expect(cleared.status, cleared.text).toBe(200);
    expect(await getAssignment(b.assignmentId)).toMatchObject({ windowNo: 2, windowCount: 1 });
    expect(await getAssignment(a.assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });
  });

  it('an unknown partner is a 404, an empty body or an unknown mode a 400, and the preview likewise', async () => {
    const unknown = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: 'Nobody FM 404' },
    );
    expect(unknown.status).toBe(404);
    const empty = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, {});
    expect(empty.status).toBe(400);
    const partner = await aPartner();
    const badMode = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString, mode: 'void' },
    );
    expect(badMode.status).toBe(400);
    expect(badMode.body.error).toEqual(expect.any(String));
    const noPartner = await previewOf(undefined);
    expect(noPartner.status).toBe(400);
    const nobody = await previewOf('Nobody FM 404');
    expect(nobody.status).toBe(404);
  });
});
