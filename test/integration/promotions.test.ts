import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { listAudit } from '../../functions/modules/audit';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPromotion, anAssignment } from '../support/catalog';
import { aStaffUser, aSuperAdmin, signedIn } from '../support/fixtures';

let admin: StaffUser;
let client: ApiClient;

beforeAll(async () => {
  admin = await aSuperAdmin();
  client = await signedIn(admin);
});

describe('promotions', () => {
  it('creates a promotion with its entry prices and lists it', async () => {
    const response = await client.call(
      routes.createPromotion,
      { id: admin.id },
      {
        promotion_title: 'Morning Show Mega Draw',
        promotion_prize_lrd: '150',
        promotion_prize_usd: 0.75,
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.promotion.created);
    expect(response.body.Promotion).toMatchObject({
      promotion_title: 'Morning Show Mega Draw',
      promotion_prize_lrd: '150.00',
      promotion_prize_usd: '0.75',
      Kind: 'partner',
    });
    const list = await client.call(routes.listPromotions, { id: admin.id });
    expect(list.body.promotions.map((p: { ID: string }) => p.ID)).toContain(response.body.Promotion.ID);
  });

  it.each([
    [{ promotion_prize_lrd: '100', promotion_prize_usd: '1' }],
    [{ promotion_title: ' ', promotion_prize_lrd: '100', promotion_prize_usd: '1' }],
    [{ promotion_title: 'X', promotion_prize_usd: '1' }],
    [{ promotion_title: 'X', promotion_prize_lrd: '', promotion_prize_usd: '1' }],
  ])('refuses missing fields with the spec message: %j', async (body) => {
    const response = await client.call(routes.createPromotion, { id: admin.id }, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.allRequiredFields);
  });

  it.each(['-1', '1.234', 'abc', '1e5', 1e30])('refuses the price %j', async (price) => {
    const response = await client.call(
      routes.createPromotion,
      { id: admin.id },
      {
        promotion_title: `Bad ${String(price)}`,
        promotion_prize_lrd: price,
        promotion_prize_usd: '1.00',
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty('promotion_prize_lrd');
  });

  it.each([
    [
      'promotion_prize_lrd',
      { promotion_prize_lrd: '99.99', promotion_prize_usd: '1.00' },
      'The LRD price must be 0.00 (not offered in LRD) or at least 100.00 LRD (the minimum stake)',
    ],
    [
      'promotion_prize_usd',
      { promotion_prize_lrd: '100.00', promotion_prize_usd: '0.49' },
      'The USD price must be 0.00 (not offered in USD) or at least 0.50 USD (the minimum stake)',
    ],
    [
      'promotion_prize_lrd',
      { promotion_prize_lrd: '0', promotion_prize_usd: '0.00' },
      'A promotion needs a price in LRD or USD (both are 0.00)',
    ],
  ])('refuses a %s below the minimum stake (spec section 9), or no price at all: %j', async (field, prices, error) => {
    const title = `Cheap ${randomUUID()}`;
    const response = await client.call(routes.createPromotion, { id: admin.id }, { promotion_title: title, ...prices });
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBe(error);
    const list = await client.call(routes.listPromotions, { id: admin.id });
    expect(list.body.promotions.map((p: { promotion_title: string }) => p.promotion_title)).not.toContain(title);
  });

  it('offers a promotion in one currency only when the other price is 0.00', async () => {
    const title = `LRD only ${randomUUID()}`;
    const response = await client.call(
      routes.createPromotion,
      { id: admin.id },
      { promotion_title: title, promotion_prize_lrd: '100.00', promotion_prize_usd: '0.00' },
    );
    expect(response.status).toBe(201);
    expect(response.body.Promotion).toMatchObject({ promotion_prize_lrd: '100.00', promotion_prize_usd: '0.00' });
  });

  it('keeps titles unique (AccountBalance maps are keyed by title)', async () => {
    const first = await aPromotion(client, admin.id);
    const again = await client.call(
      routes.createPromotion,
      { id: admin.id },
      {
        promotion_title: first.promotion_title.toUpperCase(),
        promotion_prize_lrd: '100',
        promotion_prize_usd: '1',
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.fields).toHaveProperty('promotion_title');
  });

  it('updates a promotion and records the audit line with before and after', async () => {
    const promotion = await aPromotion(client, admin.id);
    const response = await client.call(
      routes.updatePromotion,
      { id: admin.id },
      {
        id: promotion.ID,
        promotion_title: `${promotion.promotion_title} II`,
        promotion_prize_lrd: '250.00',
        promotion_prize_usd: '1.25',
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.Promotion.promotion_prize_lrd).toBe('250.00');
    const { items } = await listAudit(50);
    const line = items.find((i) => i.action === 'promotion.update' && i.target === `promotion:${promotion.ID}`);
    expect(line?.before).toMatchObject({ priceLrdCents: 10_000 });
    expect(line?.after).toMatchObject({ priceLrdCents: 25_000 });
    expect(line?.actorId).toBe(admin.id);
  });

  it('deletes an unused promotion but refuses one an assignment uses', async () => {
    const unused = await aPromotion(client, admin.id);
    expect((await client.call(routes.deletePromotion, { id: admin.id }, { id: unused.ID })).status).toBe(200);

    const used = await aPromotion(client, admin.id);
    await anAssignment(client, admin.id, await aStaffUser('partner'), used.ID);
    const refused = await client.call(routes.deletePromotion, { id: admin.id }, { id: used.ID });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/assigned/);
  });

  it('refuses to edit or delete a house game here', async () => {
    expect((await client.call(routes.deletePromotion, { id: admin.id }, { id: 'daily' })).status).toBe(409);
    const edit = await client.call(
      routes.updatePromotion,
      { id: admin.id },
      {
        id: 'jackpot',
        promotion_title: 'Jackpot',
        promotion_prize_lrd: '100',
        promotion_prize_usd: '1',
      },
    );
    expect(edit.status).toBe(409);
  });

  it('lets exactly one of 20 concurrent creates with one title through', async () => {
    const title = `Race ${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.call(
          routes.createPromotion,
          { id: admin.id },
          { promotion_title: title, promotion_prize_lrd: '100', promotion_prize_usd: '1' },
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
  });
});
