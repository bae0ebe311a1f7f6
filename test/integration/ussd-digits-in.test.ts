import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, aUniquePlayerNumber } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { dialAs, screenText } from '../support/ussd';

/**
 * DESIGN section 8: each USSD gateway is configured with where the digits
 * dialled after its base code arrive, and they are read from that one place.
 * A stack of its own whose Lonestar gateway appends them to `serviceCode`
 * (USSD_DIGITS_IN_LONESTAR, README "Configuration"); the shared stack's
 * gateways read them from `text`, as Africa's Talking sends them
 * (test/integration/ussd.test.ts).
 */
let running: PrivateStack;
let sharedCode: string;
let promotionTitle: string;

beforeAll(async () => {
  process.env.USSD_DIGITS_IN_LONESTAR = 'serviceCode';
  running = await startPrivateStack({ webDist: false });
  const { user, client } = await fixtureSuperAdmin();
  const assigned = await aPromotionToDraw(client, user.id, await aPartner(), {}, { promotion_prize_lrd: '150.00' });
  sharedCode = assigned.sharedCode;
  promotionTitle = assigned.promotion.promotion_title;
}, 120_000);

afterAll(async () => {
  await running?.stop();
  delete process.env.USSD_DIGITS_IN_LONESTAR;
});

describe('a gateway that appends dialled digits to serviceCode', () => {
  it('jumps straight to a promotion whose code was dialled after the base code', async () => {
    const screen = screenText(await dialAs(aUniquePlayerNumber(), '', `*384*2024*${sharedCode}#`), 'CON');
    expect(screen).toContain(promotionTitle);
  });

  it('reads the dialled digits from serviceCode alone: text holds only what was typed after', async () => {
    const phone = aUniquePlayerNumber();
    expect(screenText(await dialAs(phone, '', '*384*2024*1#'), 'CON')).toContain('1. Pay 100.00 LRD');
    expect(screenText(await dialAs(phone, '1', '*384*2024*1#'), 'END')).toMatch(/Approve the 100\.00 LRD prompt/);
  });
});
