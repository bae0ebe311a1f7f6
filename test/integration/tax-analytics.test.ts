import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { listAudit } from '../../functions/modules/audit';
import { latestTaxFiling } from '../../functions/modules/reports';
import type { ApiClient } from '../support/api';
import { aPlainAdmin, aSuperAdmin, signedIn } from '../support/fixtures';

/** Spec sections 2 "Tax Analytics", 3 "Tax analytics payload" and RecentTaxSetting, 5, 8. */

const FIELDS = ['currentBonusGiveaway', 'totalYDGiveaway', 'currentPaymentToGovt', 'yDOfThe20Percent'] as const;
const figures = {
  currentBonusGiveaway: '1500.00',
  totalYDGiveaway: '25000.50',
  currentPaymentToGovt: '3000',
  yDOfThe20Percent: '12000.25',
};

let adminId: string;
let admin: ApiClient;

beforeAll(async () => {
  const user = await aSuperAdmin();
  adminId = user.id;
  admin = await signedIn(user);
});

const file = (body: unknown, client = admin, id = adminId) => client.call(routes.createTaxAnalytics, { id }, body);

describe('tax analytics', () => {
  it('records a filing (201, "Tax analytics submitted successfully!") with who filed it and when', async () => {
    const before = Date.now();
    const response = await file(figures);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: messages.taxAnalytics.submitted,
      TaxAnalytics: {
        ID: expect.any(String),
        currentBonusGiveaway: '1500.00',
        totalYDGiveaway: '25000.50',
        currentPaymentToGovt: '3000.00',
        yDOfThe20Percent: '12000.25',
        filedBy: adminId,
        filedAt: expect.any(String),
      },
    });
    expect(Date.parse(response.body.TaxAnalytics.filedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts numbers and zero', async () => {
    const response = await file({
      currentBonusGiveaway: 0,
      totalYDGiveaway: 10.5,
      currentPaymentToGovt: 7,
      yDOfThe20Percent: '0.00',
    });
    expect(response.status).toBe(201);
    expect(response.body.TaxAnalytics).toMatchObject({
      currentBonusGiveaway: '0.00',
      totalYDGiveaway: '10.50',
      currentPaymentToGovt: '7.00',
      yDOfThe20Percent: '0.00',
    });
  });

  for (const field of FIELDS) {
    it(`refuses a missing or blank ${field} with "All fields are required."`, async () => {
      const { [field]: _dropped, ...without }: Record<string, unknown> = figures;
      for (const body of [without, { ...without, [field]: '' }, { ...without, [field]: null }]) {
        const response = await file(body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(messages.validation.allFieldsRequired);
        expect(response.body.fields).toHaveProperty(field);
      }
    });
  }

  for (const bad of ['-1', -0.5, '12.345', 'lots', 1e20, '99999999999999']) {
    it(`refuses the figure ${JSON.stringify(bad)} with a 400 naming the field`, async () => {
      const response = await file({ ...figures, currentPaymentToGovt: bad });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^Enter an amount/);
      expect(response.body.fields).toEqual({ currentPaymentToGovt: response.body.error });
    });
  }

  it("keeps every filing and lists the history newest first; the latest is the overview's RecentTaxSetting", async () => {
    const first = (await file({ ...figures, currentBonusGiveaway: '1.00' })).body.TaxAnalytics;
    const second = (await file({ ...figures, currentBonusGiveaway: '2.00' })).body.TaxAnalytics;

    const history = (await admin.call(routes.listTaxAnalytics, { id: adminId })).body.TaxAnalytics as Array<{
      ID: string;
      filedAt: string;
    }>;
    const ids = history.map((f) => f.ID);
    expect(ids).toEqual(expect.arrayContaining([first.ID, second.ID]));
    expect(ids.indexOf(second.ID)).toBeLessThan(ids.indexOf(first.ID));
    expect(history.map((f) => f.filedAt)).toEqual([...history.map((f) => f.filedAt)].sort().reverse());

    expect(await latestTaxFiling()).toEqual({
      CurrentBonusGiveaway: '2.00',
      currentPaymentToGovt: '3000.00',
      totalYDGiveaway: '25000.50',
      YDOfThe20Percent: '12000.25',
      filedAt: second.filedAt,
    });
  });

  it('lets any admin read the history but only a super admin file', async () => {
    const user = await aPlainAdmin();
    const plain = await signedIn(user);
    expect((await plain.call(routes.listTaxAnalytics, { id: user.id })).status).toBe(200);
    expect((await file(figures, plain, user.id)).status).toBe(403);
  });

  it('writes an audit line with every filing', async () => {
    const filing = (await file(figures)).body.TaxAnalytics;
    const { items } = await listAudit(1000);
    expect(items.find((a) => a.target === `taxFiling:${filing.ID}`)).toMatchObject({
      action: 'taxAnalytics.create',
      actorId: adminId,
      after: { currentPaymentToGovtCents: 300_000 },
    });
  });

  it('never answers 500 to arbitrary bodies', async () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string({ maxLength: 10_240 }),
      fc.double(),
      fc.constantFrom('<script>1</script>', '1e400'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record(Object.fromEntries(FIELDS.map((f) => [f, value])), { requiredKeys: [] })),
        async (body) => {
          const response = await file(body);
          expect([201, 400]).toContain(response.status);
          if (response.status === 400) expect(response.body.error).toEqual(expect.any(String));
        },
      ),
      { numRuns: 40 },
    );
  });
});
