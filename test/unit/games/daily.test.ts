import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { messages } from '@shared/messages';
import { daily } from '../../../functions/modules/games/kinds/daily';
import { housePrize } from '../../../functions/modules/games/registry';

const at = (iso: string) => new Date(iso);
const rules = DEFAULT_HOUSE_SETTINGS; // every day 21:00 GMT, 10,000.00 LRD

describe('the Daily Cash Giveaway (DESIGN section 4 "House games")', () => {
  it('is entered at its settings’ prices, per currency', () => {
    expect(daily.price(rules.daily, 'LRD')).toBe(10_000);
    expect(daily.price(rules.daily, 'USD')).toBe(50);
  });

  it('is drawn every day at its draw time; a saved schedule change travels with it', () => {
    expect(daily.drawing.by).toBe('schedule');
    expect(daily.drawing.scheduleOf(rules)).toEqual({ drawTime: '21:00' });
    const change = {
      savedAt: '2026-11-21T10:00:00.000Z',
      firstDay: '2026-11-22',
      validFrom: '2026-11-20T21:00:00.000Z',
    };
    const changed = { ...rules, daily: { ...rules.daily, drawTime: '20:30', scheduleChange: change } };
    expect(daily.drawing.scheduleOf(changed)).toEqual({ drawTime: '20:30', change });
  });

  it('daily: the configured prize', () => {
    expect(housePrize('daily', DEFAULT_HOUSE_SETTINGS, 123_456)).toBe(1_000_000);
    expect(daily.prize({ rules, windowStakesLrdCents: 123_456, assignment: { winnerAmountCents: 5 } })).toBe(1_000_000);
  });

  it("names a ticket's draw by the late-ticket rule; the ticket expires when that day ends undrawn", () => {
    const bought = daily.ticketDraw(at('2026-11-21T22:15:00Z'), rules)!;
    expect(bought.when).toBe('Nov 22, 2026 21:00 GMT');
    expect(daily.ticketDraw(at('2026-11-21T10:00:00Z'), rules)!.when).toBe('Nov 21, 2026 21:00 GMT');
    expect(bought.expiredBy(at('2026-11-22T23:59:59Z'))).toBe(false);
    expect(bought.expiredBy(at('2026-11-23T00:00:00Z'))).toBe(true);
    expect(daily.ticketCheck.waiting(bought)).toBe(messages.ticketCheck.waitingDaily('Nov 22, 2026 21:00 GMT'));
    expect(daily.ticketCheck.expired).toBe(messages.ticketCheck.expiredDaily);
  });

  it('is named by its own title, in SMS too; its page and API are /daily-draw', () => {
    expect(daily.titledByPromotion).toBe(false);
    expect(daily.title('a promotion title')).toBe('Daily Cash Giveaway');
    expect(daily.smsTitle(undefined)).toBe('Daily Cash Giveaway');
    expect(daily.webRoute).toEqual({
      slug: 'daily-draw',
      entryPath: '/api/v1/daily-draw/entry',
      ticketVerificationPath: '/api/v1/daily-draw/ticket/verification',
    });
  });

  it('is the first USSD item; "Daily" on a My tickets line', () => {
    expect(daily.ussdItem.order).toBe(1);
    expect(daily.ussdItem.label).toBe('Daily Cash Giveaway');
    expect(daily.ussdItem.ticketName('anything')).toBe('Daily');
  });
});
