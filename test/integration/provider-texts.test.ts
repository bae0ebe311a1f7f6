import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { momoText } from '../../functions/integrations/momo/momo-wire';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw, simulatorTransaction } from '../support/play';

/**
 * MTN refuses special characters such as `&` in payerMessage and payeeNote
 * (DESIGN section 8), and so does the simulator: a promotion whose title
 * holds them must still take payments.
 */
describe('texts sent to the mobile-money provider', () => {
  it("takes a paid entry for a promotion titled with '&', curly quotes and non-Latin letters", async () => {
    const { user, client } = await fixtureSuperAdmin();
    const title = `Tom & Jerry’s Lucky Hour — Côte ${randomInt(1_000_000)} 幸运`;
    const { sharedCode } = await aPromotionToDraw(client, user.id, await aPartner(), {}, { promotion_title: title });
    const { entryId, ticket } = await aPaidEntryByCode(sharedCode);
    expect(ticket).toMatch(/\d/);
    const sent = (await simulatorTransaction(entryId)) as unknown as { request: { payerMessage: string; payeeNote: string } };
    expect(sent.request.payerMessage).toBe(momoText(`${title} entry`));
    expect(sent.request.payerMessage).toMatch(/^Tom Jerrys Lucky Hour - Cote \d+/);
  });
});
