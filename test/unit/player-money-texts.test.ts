import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { stakeText } from '../../functions/modules/entries/money-split';
import { winnerSmsText } from '../../functions/modules/draws/winner-sms';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { prizePaidSmsText } from '../../functions/modules/payouts/prize-sms';
import { ticketSmsText } from '../../functions/modules/entries/ticket-sms';
import type { DrawRecord } from '../../functions/modules/draw-records/store/draw-records';
import type { Entry } from '../../functions/modules/entries/store/entries';
import { houseRulesOf } from '../../functions/modules/games/store/house-settings';

/**
 * Every amount a player reads in an SMS is in the public pages' one money
 * format (shared/money.ts formatMoneyShown): grouped, two decimals, the
 * currency after it; "10000.00 LRD" beside "10,000.00 LRD" on the site was
 * two formats. The USSD screens' amounts: test/integration/ussd.test.ts.
 */
const TEN_THOUSAND = 1_000_000;
const context = { rules: houseRulesOf(undefined).rules, titles: new Map<string, string>() };

const anEntry = (fields: Partial<Entry>): Entry =>
  ({
    id: 'e',
    promotionId: 'p',
    promotionTitle: 'Kiss FM Friday',
    game: 'daily',
    ticketNumber: '67415745994686',
    amountCents: TEN_THOUSAND,
    currency: 'LRD',
    seq: 12,
    paidAt: '2026-11-26T20:00:00.000Z',
    ...fields,
  }) as Entry;

describe('the amounts in player SMS texts', () => {
  it('the winner SMS and the "prize paid" SMS: "10,000.00 LRD"', () => {
    const winner = winnerSmsText({
      id: 'd',
      promotionTitle: 'Kiss FM Friday',
      winnerTicket: '67415745994686',
      prizeLrdCents: TEN_THOUSAND,
    } as DrawRecord);
    expect(winner).toContain(' won 10,000.00 LRD in the Kiss FM Friday draw,');
    const paid = prizePaidSmsText({ promotionTitle: 'Kiss FM Friday', amountCents: TEN_THOUSAND });
    expect(paid).toContain('Your prize of 10,000.00 LRD from Kiss FM Friday');
    expect([winner, paid].every(isOneGsm7Sms)).toBe(true);
  });

  it('the ticket SMS of each game: "10,000.00 LRD paid", "0.50 USD paid"', async () => {
    for (const game of ['daily', 'jackpot', 'partner'] as const) {
      const text = await ticketSmsText(anEntry({ game }), context);
      expect(text).toContain('(10,000.00 LRD paid, entry #12)');
      expect(isOneGsm7Sms(text)).toBe(true);
    }
    expect(await ticketSmsText(anEntry({ amountCents: 50, currency: 'USD' }), context)).toContain('(0.50 USD paid,');
  });

  it('the refund SMS and the checker name a refunded stake "10,000.00 LRD"', () => {
    const stake = stakeText({ amountCents: TEN_THOUSAND, currency: 'LRD' });
    expect(stake).toBe('10,000.00 LRD');
    expect(messages.clearDraw.refundedSms('Kiss FM Friday', '6741-5745-9946-86', stake)).toContain(
      'refunded: 10,000.00 LRD is being returned',
    );
    expect(stakeText({ amountCents: 50, currency: 'USD' })).toBe('0.50 USD');
  });

  it('the ticket SMS names its draw in the public date format, with its time', async () => {
    // paid at 20:00 GMT, before that day's 21:00 draw; the jackpot's first Sunday after it
    expect(await ticketSmsText(anEntry({ game: 'daily' }), context)).toContain(
      'You are in the draw on Nov 26, 2026 21:00 GMT.',
    );
    expect(await ticketSmsText(anEntry({ game: 'jackpot' }), context)).toContain(
      'You are in the draw on Nov 29, 2026 21:00 GMT.',
    );
  });
});
