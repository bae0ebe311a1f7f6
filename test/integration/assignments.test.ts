import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { getAssignment } from '../../functions/modules/catalog';
import { getEntry } from '../../functions/modules/entries';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aPromotion, aSharedCode, anAssignment, assignmentTerms } from '../support/catalog';
import { aPlainAdmin, aStaffUser, aSuperAdmin, signedIn } from '../support/fixtures';
import { aUniquePlayerNumber } from '../support/play';
import { TopicClient } from '../support/ws';
import { setAssignment } from '../support/stored-state';
import { SHARDS, shard } from '@shared/capacity';

let admin: StaffUser;
let client: ApiClient;

beforeAll(async () => {
  admin = await aSuperAdmin();
  client = await signedIn(admin);
});

const assign = (body: Record<string, unknown>) => client.call(routes.assignPartnerPromotion, { id: admin.id }, body);

describe('partner-promotion assignments', () => {
  it('assigns a partner to a promotion with the spec message and terms', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const code = aSharedCode();
    const response = await assign(
      assignmentTerms(partner, promotion.ID, { shared_code: code, partner_percentage: '12.5' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.assignment.assigned);
    expect(response.body.Assignment).toMatchObject({
      Partner: partner.searchString,
      Promotion: { ID: promotion.ID, PromotionTitle: promotion.promotion_title },
      PartnerPercentage: 12.5,
      AnnouncerPercentage: 5,
      SharedCode: code,
      Server: 'lonestar',
      Threshold: 10,
      StartingThreshold: 5,
      WinnerAmount: '5000.00',
      Status: 'active',
    });
  });

  it.each(ASSIGNMENT_FIELD_NAMES())('refuses a missing %s with "Please fill in all fields."', async (field) => {
    const body = assignmentTerms(await aStaffUser('partner'), 'any') as Record<string, unknown>;
    delete body[field];
    const response = await assign(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.fillInAllFieldsDot);
    expect(response.body.fields).toHaveProperty(field);
  });

  it.each([-1, 101, '50%', 'abc', 12.345])('refuses the percentage %j with the spec message', async (pct) => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const response = await assign(assignmentTerms(partner, promotion.ID, { partner_percentage: pct }));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.percentageRange);
  });

  it('refuses partner + announcer percentages above 100', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const response = await assign(
      assignmentTerms(partner, promotion.ID, { partner_percentage: 60, announcer_percentage: 40.01 }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/must not exceed 100/);
  });

  it.each([
    ['threshold', -1],
    ['threshold', 2.5],
    ['starting_threshold', 'ten'],
    ['winner_amount', '-5'],
    ['server', 'mtn'],
    ['shared_code', '12'],
    ['shared_code', 'ABC123'],
  ])('refuses %s = %j', async (field, value) => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const response = await assign(assignmentTerms(partner, promotion.ID, { [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty(field);
  });

  it('refuses an unknown partner or promotion, and house games', async () => {
    const partner = await aStaffUser('partner');
    expect((await assign(assignmentTerms(partner, 'no-such-promotion'))).status).toBe(400);
    const promotion = await aPromotion(client, admin.id);
    expect((await assign({ ...assignmentTerms(partner, promotion.ID), partner: 'NOBODY-HERE' })).status).toBe(400);
    expect((await assign(assignmentTerms(partner, 'daily'))).status).toBe(400);
  });

  it('allows one assignment per partner × promotion', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    await anAssignment(client, admin.id, partner, promotion.ID);
    const again = await assign(assignmentTerms(partner, promotion.ID));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already assigned/);
  });

  it('keeps shared codes unique: one of 20 concurrent assignments with one code wins', async () => {
    const code = aSharedCode();
    const pairs = await Promise.all(
      Array.from(
        { length: 20 },
        async () => [await aStaffUser('partner'), await aPromotion(client, admin.id)] as const,
      ),
    );
    const responses = await Promise.all(
      pairs.map(([partner, promotion]) => assign(assignmentTerms(partner, promotion.ID, { shared_code: code }))),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      responses.filter((r) => r.status === 409).every((r) => r.body.error === 'That shared code is already in use.'),
    ).toBe(true);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('updates terms, moving the shared code claim', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const assignment = await anAssignment(client, admin.id, partner, promotion.ID);
    const newCode = aSharedCode();
    const response = await client.call(
      routes.updatePartnerPromotion,
      { id: admin.id },
      {
        id: assignment.ID,
        ...assignmentTerms(partner, promotion.ID, { shared_code: newCode, threshold: 25, server: 'orange' }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.assignment.updated);
    expect(response.body.Assignment).toMatchObject({ SharedCode: newCode, Threshold: 25, Server: 'orange' });
    // the old code is free again
    const other = await aPromotion(client, admin.id);
    expect((await assign(assignmentTerms(partner, other.ID, { shared_code: assignment.SharedCode }))).status).toBe(201);
  });

  it('sends an entry by a code to the assignment holding the code now, right after the code moved', async () => {
    const partner = await aStaffUser('partner');
    const first = await anAssignment(client, admin.id, partner, (await aPromotion(client, admin.id)).ID);
    const enterBy = async (code: string) => {
      const response = await new ApiClient().call(
        routes.codeEntry,
        {},
        { mobile_number: aUniquePlayerNumber(), shared_code: code, currency: 'LRD' },
      );
      expect(response.status).toBe(202);
      return (await getEntry(response.body.entry_id as string))?.assignmentId;
    };
    const code = first.SharedCode;
    // the code's resolution is now known where entries are taken
    expect(await enterBy(code)).toBe(first.ID);

    const movedTo = aSharedCode();
    const firstPromotion = (await getAssignment(first.ID))!.promotionId;
    expect(
      (
        await client.call(
          routes.updatePartnerPromotion,
          { id: admin.id },
          { id: first.ID, ...assignmentTerms(partner, firstPromotion, { shared_code: movedTo }) },
        )
      ).status,
    ).toBe(200);
    const second = await anAssignment(client, admin.id, partner, (await aPromotion(client, admin.id)).ID, {
      shared_code: code,
    });

    expect(await enterBy(code)).toBe(second.ID);
    expect(await enterBy(movedTo)).toBe(first.ID);
  });

  it('deletes an assignment with no paid entries; one with paid entries can only be ended', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const fresh = await anAssignment(client, admin.id, partner, promotion.ID);
    expect((await client.call(routes.deletePartnerPromotion, { id: admin.id }, { id: fresh.ID })).status).toBe(200);

    const played = await anAssignment(client, admin.id, partner, promotion.ID);
    await markPaidEntries(played.ID, 3);
    const refused = await client.call(routes.deletePartnerPromotion, { id: admin.id }, { id: played.ID });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/end it instead/);
    const ended = await client.call(
      routes.setPartnerPromotionStatus,
      { id: admin.id },
      { id: played.ID, status: 'ended' },
    );
    expect(ended.body.Status).toBe('ended');
    // and it cannot be moved to another partner either
    const moved = await client.call(
      routes.updatePartnerPromotion,
      { id: admin.id },
      {
        id: played.ID,
        ...assignmentTerms(await aStaffUser('partner'), promotion.ID, { shared_code: played.SharedCode }),
      },
    );
    expect(moved.status).toBe(409);
  });

  it('lists an assignment moved to another partner under that partner only (its index shard follows its partner)', async () => {
    // two partners whose assignments sit in different shards of the index (by partner id)
    const shardOf = (partner: StaffUser) => shard(partner.id, SHARDS.assignments);
    let [from, to] = [await aStaffUser('partner'), await aStaffUser('partner')];
    while (shardOf(from) === shardOf(to)) to = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const assignment = await anAssignment(client, admin.id, from, promotion.ID);
    const moved = await client.call(
      routes.updatePartnerPromotion,
      { id: admin.id },
      { id: assignment.ID, ...assignmentTerms(to, promotion.ID, { shared_code: assignment.SharedCode }) },
    );
    expect(moved.status).toBe(200);
    const offered = async (partner: StaffUser) =>
      (
        await client.request(
          'GET',
          `/api/v1/admin/${admin.id}/promotions-for/assigned/partner?partner=${partner.searchString}`,
        )
      ).body.promotions.map((p: { ID: string }) => p.ID);
    expect(await offered(to)).not.toContain(promotion.ID);
    expect(await offered(from)).toContain(promotion.ID);
  });

  it('offers the dialog options: promotions not yet assigned to a partner, partners not yet on a promotion', async () => {
    const partner = await aStaffUser('partner');
    const taken = await aPromotion(client, admin.id);
    const free = await aPromotion(client, admin.id);
    await anAssignment(client, admin.id, partner, taken.ID);
    const promotions = await client.request(
      'GET',
      `/api/v1/admin/${admin.id}/promotions-for/assigned/partner?partner=${partner.searchString}`,
    );
    const ids = promotions.body.promotions.map((p: { ID: string }) => p.ID);
    expect(ids).toContain(free.ID);
    expect(ids).not.toContain(taken.ID);
    expect(ids).not.toContain('daily');
    const partners = await client.request(
      'GET',
      `/api/v1/admin/${admin.id}/partners-for/assigned/promotion?promotion=${taken.ID}`,
    );
    expect(partners.body.partners.map((p: { value: string }) => p.value)).not.toContain(partner.searchString);
  });

  it('pushes admin/assignments to super admins, grouped by partner; refuses plain admins', async () => {
    const socket = await TopicClient.connect(client.sessionCookie);
    socket.subscribe(topicNames.adminAssignments);
    await socket.waitFor((m) => m.event === 'assignments');
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const assignment = await anAssignment(client, admin.id, partner, promotion.ID);
    type Groups = { Groups: Array<{ PartnerSearchString: string; Count: number; Assignments: Array<{ ID: string }> }> };
    const update = await socket.waitFor<Groups>(
      (m) => m.event === 'assignments' && m.data.Groups.some((g) => g.Assignments.some((a) => a.ID === assignment.ID)),
    );
    expect(update.data.Groups.find((g) => g.PartnerSearchString === partner.searchString)?.Count).toBe(1);
    socket.close();

    const plain = await signedIn(await aPlainAdmin());
    const refusedSocket = await TopicClient.connect(plain.sessionCookie);
    refusedSocket.subscribe(topicNames.adminAssignments);
    expect((await refusedSocket.waitFor((m) => m.event === 'error')).data).toEqual({
      error: 'You do not have access to this topic.',
    });
    refusedSocket.close();
  });
});

function ASSIGNMENT_FIELD_NAMES() {
  return [
    'partner',
    'promotion',
    'partner_percentage',
    'announcer_percentage',
    'shared_code',
    'server',
    'threshold',
    'starting_threshold',
    'winner_amount',
  ];
}

/** Stand-in for settlement until entries exist: mark an assignment as having paid entries. */
async function markPaidEntries(assignmentId: string, count: number) {
  await setAssignment(assignmentId, { paidEntries: count });
}
