import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length } from '../../functions/integrations/sms/gsm7';

describe('one SMS (GSM 03.38)', () => {
  it('counts plain text one septet a character', () => {
    expect(gsm7Length('Your ticket: 7KQ2-M9XD-4. Good luck!')).toBe(36);
    expect(fitsOneSms('x'.repeat(160))).toBe(true);
    expect(fitsOneSms('x'.repeat(161))).toBe(false);
  });

  it('counts the extension characters twice', () => {
    expect(gsm7Length('[€]')).toBe(6);
    expect(fitsOneSms(`${'x'.repeat(158)}€`)).toBe(true);
    expect(fitsOneSms(`${'x'.repeat(159)}€`)).toBe(false);
  });

  it('falls back to 70 characters when one character is outside the alphabet', () => {
    expect(gsm7Length('Congratulations 🎉')).toBeNull();
    expect(fitsOneSms(`${'x'.repeat(68)}🎉`)).toBe(true); // the emoji is two UTF-16 units
    expect(fitsOneSms(`${'x'.repeat(69)}🎉`)).toBe(false);
    expect(fitsOneSms('“quoted”')).toBe(true);
    expect(gsm7Length('“quoted”')).toBeNull();
  });

  it('knows the whole basic alphabet', () => {
    const basic =
      '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect([...basic]).toHaveLength(127); // 128 code points less the escape
    expect(gsm7Length(basic)).toBe(127);
  });
});

// ── every SMS text GSM-7 clean and one part (DESIGN section 8) ──────────────
import fc from 'fast-check';
import { winnerSmsText } from '../../functions/modules/draws/winner-sms';
import { isOneGsm7Sms, oneSms, SMS_CHECK_DIGITS, toGsm7, withCheckCode } from '../../functions/integrations/sms/gsm7';
import { prizePaidSmsText } from '../../functions/modules/payouts/prize-sms';
import { ticketSmsText } from '../../functions/modules/entries/ticket-sms';
import { formatMoneyShown } from '@shared/money';
import type { DrawRecord } from '../../functions/modules/draw-records/store/draw-records';
import type { Entry } from '../../functions/modules/entries/store/entries';
import { houseRulesOf } from '../../functions/modules/games/store/house-settings';

/** Titles as staff type or paste them: any Unicode (other scripts, emoji, curly quotes, lone surrogates), and GSM-7 extension characters. */
const anyTitle = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom(...'[]{}~^|\\€“”‘’…—–é ÇçŁ€'), maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
);
const aTicket = fc.stringMatching(/^[0-9A-HJ-NP-Z]{10}$/);
/** A text as it goes out: with its check code's line (functions/modules/messages/sms-check.ts). */
const asSent = (text: string) => withCheckCode(text, '9'.repeat(SMS_CHECK_DIGITS));

describe('SMS texts are GSM-7 (DESIGN section 8)', () => {
  it('turns curly quotes, dashes, the ellipsis and accents into GSM-7, and drops what has no GSM-7 form', () => {
    expect(toGsm7('“Big” Friday — Ann’s … draw')).toBe('"Big" Friday - Ann\'s ... draw');
    expect(toGsm7('Łódź façade Zürich Ñoño')).toBe('Lodz facade Zürich Ñoño');
    expect(toGsm7('Grand 🎉 prize 大奖 جائزة')).toBe('Grand prize ');
    expect(toGsm7('tab\there\u00a0nbsp')).toBe('tab here nbsp');
    expect(toGsm7('[€] kept')).toBe('[€] kept'); // extension characters are GSM-7, two septets each
  });

  it('makes any text GSM-7', () => {
    fc.assert(fc.property(anyTitle, (title) => gsm7Length(toGsm7(title)) !== null));
  });

  it('cuts the variable part until the SMS fits with its check code, counting extension characters twice', () => {
    const text = oneSms((t) => `Win in the ${t} draw!`, '€'.repeat(100));
    // 17 + 65 × 2 = 147, and the check code's line 13 more: a 66th would need 162
    expect(text).toBe(`Win in the ${'€'.repeat(65)} draw!`);
    expect(gsm7Length(text)).toBe(147);
    expect(gsm7Length(asSent(text))).toBe(160);
    fc.assert(
      fc.property(anyTitle, fc.string({ maxLength: 250 }), (variable, fixed) =>
        isOneGsm7Sms(asSent(oneSms((t) => `${fixed} ${t} ${fixed}`, variable))),
      ),
    );
  });

  it('keeps every winner SMS to one GSM-7 SMS of at most 160 characters with its check code, saying we never ask for a PIN or a fee, whatever the title and prize', () => {
    fc.assert(
      fc.property(
        anyTitle,
        aTicket,
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        (promotionTitle, winnerTicket, prizeLrdCents) => {
          const text = winnerSmsText({ id: 'd', promotionTitle, winnerTicket, prizeLrdCents } as DrawRecord);
          return (
            isOneGsm7Sms(asSent(text)) &&
            text.startsWith('Congratulations! Ticket ') &&
            text.includes(' LRD in the ') &&
            text.endsWith(' We never ask for a PIN or a fee.')
          );
        },
      ),
    );
  });

  it('keeps every "prize paid" SMS to one GSM-7 SMS of at most 160 characters naming the amount in LRD, whatever the title and prize', () => {
    fc.assert(
      fc.property(anyTitle, fc.integer({ min: 0, max: 1_000_000_000_000 }), (promotionTitle, amountCents) => {
        const text = prizePaidSmsText({ promotionTitle, amountCents });
        return (
          isOneGsm7Sms(asSent(text)) &&
          text.startsWith(`Your prize of ${formatMoneyShown(amountCents)} LRD from `) &&
          text.includes('mobile money')
        );
      }),
    );
  });

  it("keeps every ticket SMS to one GSM-7 SMS of at most 160 characters naming the entry's number in its window, whatever the title and amount", async () => {
    const rules = houseRulesOf(undefined).rules;
    await fc.assert(
      fc.asyncProperty(
        anyTitle,
        aTicket,
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.constantFrom('LRD', 'USD'),
        fc.constantFrom('daily', 'jackpot', 'partner'),
        fc.integer({ min: 1, max: 99_999_999 }),
        async (promotionTitle, ticketNumber, amountCents, currency, game, seq) => {
          const entry = {
            id: 'e',
            promotionId: 'p',
            promotionTitle,
            game,
            ticketNumber,
            amountCents,
            currency,
            seq,
            paidAt: '2026-11-25T20:00:00.000Z',
          } as Entry;
          const text = await ticketSmsText(entry, { rules, titles: new Map() });
          return isOneGsm7Sms(asSent(text)) && text.includes(' ticket ') && text.includes(`, entry #${seq}). `);
        },
      ),
    );
  });
});
