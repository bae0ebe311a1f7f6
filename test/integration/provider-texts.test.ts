import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { momoText } from '../../functions/integrations/momo/momo-wire';
import { getPayout } from '../../functions/modules/payouts';
import { eventually } from '../support/eventually';
import { aBalance, aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw, simulatorTransaction } from '../support/play';
import { sharedStack } from '../support/stack-target';

/**
 * MTN refuses special characters such as `&` in payerMessage and payeeNote
 * (DESIGN section 8), and so does the simulator: a promotion whose title
 * holds them must still take payments and pay out.
 */
describe('texts sent to the mobile-money provider', () => {
  it("takes a paid entry for a promotion titled with '&', curly quotes and non-Latin letters", async () => {
    const { user, client } = await fixtureSuperAdmin();
    const title = `Tom & Jerry’s Lucky Hour — Côte ${randomInt(1_000_000)} 幸运`;
    const { sharedCode } = await aPromotionToDraw(client, user.id, await aPartner(), {}, { promotion_title: title });
    const { entryId, ticket } = await aPaidEntryByCode(sharedCode);
    expect(ticket).toMatch(/\d/);
    const sent = (await simulatorTransaction(entryId)) as unknown as {
      request: { payerMessage: string; payeeNote: string };
    };
    expect(sent.request.payerMessage).toBe(momoText(`${title} entry`));
    expect(sent.request.payerMessage).toMatch(/^Tom Jerrys Lucky Hour - Cote \d+/);
  });

  it("pays out a partner's share of a promotion titled with '&' and non-Latin letters", async () => {
    const { user, client } = await fixtureSuperAdmin();
    const title = `Ma & Pa’s Prize Night ${randomInt(1_000_000)} 幸运 Ελλάδα`;
    const partner = await aPartner({ mobile_money_number: `088${randomInt(1_000_000, 9_999_999)}` });
    const promotion = await aBalance(partner.ID, 'partner', 15_000, undefined, title);
    const response = await client.call(
      routes.payPartner,
      { id: user.id },
      {
        search_string: partner.SearchString,
        username: partner.Username,
        mobile_money_number: partner.MobileMoneyNumber,
        account_balance: { [promotion]: '150.00' },
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(response.status, response.text).toBe(200);
    const id = response.body.Payouts[0].ID as string;
    expect(
      await eventually(
        () => getPayout(id),
        (p) => p?.status !== 'pending',
      ),
    ).toMatchObject({ status: 'paid' });
    const sent = (await (await fetch(`${sharedStack().momoUrl}/__sim/disbursement/${id}`)).json()) as {
      request: { payerMessage: string; payeeNote: string };
    };
    expect(sent.request.payerMessage).toBe(momoText(`${title} payout`));
    expect(sent.request.payerMessage).toMatch(/^Ma Pas Prize Night \d+ payout$/);
  });
});
