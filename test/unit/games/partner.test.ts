import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { messages } from '@shared/messages';
import { partner } from '../../../functions/modules/games/kinds/partner';

const rules = DEFAULT_HOUSE_SETTINGS;

describe('a partner promotion (DESIGN section 4)', () => {
  it("is entered at its promotion's prices; a currency it has no price in is 0 (not offered)", () => {
    expect(partner.price({ priceLrdCents: 25_000, priceUsdCents: 0 }, 'LRD')).toBe(25_000);
    expect(partner.price({ priceLrdCents: 25_000, priceUsdCents: 0 }, 'USD')).toBe(0);
  });

  it("is drawn live by threshold, for its assignment's prize, whatever the stakes", () => {
    expect(partner.drawing).toEqual({ by: 'threshold' });
    expect(partner.prize({ rules, windowStakesLrdCents: 9_999_999, assignment: { winnerAmountCents: 300_000 } })).toBe(
      300_000,
    );
  });

  it('names no scheduled draw: its ticket waits for the next live draw and never expires', () => {
    expect(partner.ticketDraw(new Date('2026-11-21T10:00:00Z'), rules)).toBeUndefined();
    expect(partner.ticketCheck.waiting(undefined)).toBe(messages.ticketCheck.waitingLive);
    expect(partner.ticketCheck.expired).toBeUndefined();
  });

  it("is named by its promotion's title; 'Promotion' when the promotion is gone", () => {
    expect(partner.titledByPromotion).toBe(true);
    expect(partner.title('Radio Fun Raffle')).toBe('Radio Fun Raffle');
    expect(partner.title(undefined)).toBe(messages.ticketCheck.promotion);
  });

  it('in SMS: GSM-7, trimmed, at most 40 characters, "Promotion" when it has none', () => {
    expect(partner.smsTitle('  Radio Fun Raffle ')).toBe('Radio Fun Raffle');
    expect(partner.smsTitle('x'.repeat(50))).toBe('x'.repeat(40));
    expect(partner.smsTitle('   ')).toBe('Promotion');
    expect(partner.smsTitle(undefined)).toBe('Promotion');
  });

  it('is the USSD menu\'s "Enter a promo code" (third); its promotion names it on a My tickets line', () => {
    expect(partner.ussdItem.order).toBe(3);
    expect(partner.ussdItem.label).toBe('Enter a promo code');
    expect(partner.ussdItem.ticketName('Radio Fun Raffle')).toBe('Radio Fun Raffle');
    expect(partner.ussdItem.ticketName(undefined)).toBe('Promotion');
  });

  it('has no page of its own: it is entered by its shared code', () => {
    expect(partner.webRoute).toBeUndefined();
  });
});
