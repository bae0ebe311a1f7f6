import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/api/routes';
import { commitmentOf } from '../../shared/draw-math';
import { messages } from '../../shared/messages';
import { db, tableName } from '../../functions/lib/dynamo';
import { ticketMessages, verifyTicket } from '../../functions/play/verify-ticket';
import { getAssignment } from '../../functions/store/assignments';
import { listAudit } from '../../functions/store/audit';
import { getDraw } from '../../functions/store/draws';
import { keys } from '../../functions/store/keys';
import { getWindowSeed } from '../../functions/store/window-seeds';
import type { StaffUser } from '../../functions/store/users';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';

/** Clear draw (issue 6 item 2; DESIGN section 4), and windows opened before draws existed. */
let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

describe('a window opened before draws existed (no seed yet)', () => {
  it('gets its commitment on the first draw request, which is refused; the next draws verifiably', async () => {
    const partner = await aPartner();
    const { sharedCode, assignmentId } = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const draw = () => adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString, shared_code: sharedCode });
    await paidEntriesByCode(sharedCode, 1);
    // setup: make it look like an assignment from before issue 6
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.windowSeed(assignmentId, 1) }));
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.assignment(assignmentId), UpdateExpression: 'REMOVE windowCommitment' }),
    );

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

describe('clear draw (issue 6 item 2)', () => {
  it('closes the current window of each active promotion of the partner without a winner; its entries can no longer win', async () => {
    const partner = await aPartner();
    const a = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const b = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const [entryA] = await paidEntriesByCode(a.sharedCode, 1);
    await paidEntriesByCode(b.sharedCode, 2);

    const response = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: partner.Username });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: `Cleared the current draw of 2 promotion(s) for ${partner.Username}.` });

    for (const { assignmentId } of [a, b]) {
      expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 2, windowCount: 0 });
      const record = (await getDraw(`${assignmentId}-w1`))!;
      expect(record).toMatchObject({ kind: 'cleared' });
      expect(record.winnerEntryId).toBeUndefined();
      expect(commitmentOf(record.seed)).toBe(record.commitment);
      expect((await getAssignment(assignmentId))!.lastDrawDay).toBeUndefined();
    }
    expect(await verifyTicket(entryA!.ticket, new Date())).toMatchObject({ isWinner: false, outcome: 'lost', message: expect.stringContaining(ticketMessages.lost) });
    const audit = (await listAudit(100)).items.filter((line) => line.action === 'draw.clear' && line.actorId === admin.id);
    expect(audit.map((line) => line.target)).toEqual(expect.arrayContaining([`assignment:${a.assignmentId}`, `assignment:${b.assignmentId}`]));

    // nothing left to draw, and clearing by the partner's code finds nothing more to clear
    const drawn = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString, shared_code: a.sharedCode });
    expect(drawn.body.error).toBe(messages.draw.thresholdNotMet(0, 1));
    const again = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: partner.SearchString });
    expect(again.body.message).toBe(`Cleared the current draw of 0 promotion(s) for ${partner.Username}.`);
  });

  it('a username two partners share clears neither (409); each partner search string clears just that one', async () => {
    const username = `Twin FM ${Date.now().toString(36)}`;
    const first = await aPartner({ username });
    const second = await aPartner({ username });
    const a = await aPromotionToDraw(adminClient, admin.id, first, { starting_threshold: 1 });
    const b = await aPromotionToDraw(adminClient, admin.id, second, { starting_threshold: 1 });
    await paidEntriesByCode(a.sharedCode, 1);
    await paidEntriesByCode(b.sharedCode, 1);

    const ambiguous = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: username.toLowerCase() });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toEqual({ error: messages.draw.ambiguousPartner });
    for (const { assignmentId } of [a, b]) expect(await getAssignment(assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });

    const cleared = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: second.SearchString });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await getAssignment(b.assignmentId)).toMatchObject({ windowNo: 2, windowCount: 0 });
    expect(await getAssignment(a.assignmentId)).toMatchObject({ windowNo: 1, windowCount: 1 });
  });

  it('an unknown partner is a 404 and an empty body a 400', async () => {
    const unknown = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: 'Nobody FM 404' });
    expect(unknown.status).toBe(404);
    const empty = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, {});
    expect(empty.status).toBe(400);
  });
});
