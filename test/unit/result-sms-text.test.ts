import { describe, expect, it } from 'vitest';
import { gsm7Length, withCheckCode } from '../../functions/integrations/sms/gsm7';
import { resultSmsText } from '../../functions/modules/messages';

/** Issue 35: a draw's result SMS is one GSM-7 SMS of 160 characters WITH its check-code line. */
const withRef = (text: string) => withCheckCode(text, '12345678');

describe('the result SMS', () => {
  it('says the game, the draw time, the winning ticket with its masked number, the link and how to stop', () => {
    const text = resultSmsText({
      game: 'Daily Cash Giveaway',
      drawnAt: 'Nov 29 20:00 GMT',
      winner: { ticket: '6741-5745-9946-87', maskedNumber: '2318*****56' },
      link: 'raffle.lr/d/K7M2QX',
    });
    expect(text).toBe(
      'Daily Cash Giveaway Nov 29 20:00 GMT: winning ticket 6741-5745-9946-87 (2318*****56). raffle.lr/d/K7M2QX Reply STOP to stop.',
    );
    expect(gsm7Length(withRef(text))).toBeLessThanOrEqual(160);
  });

  it('says "no winner" for a draw without one (no tickets, or cleared)', () => {
    const text = resultSmsText({
      game: 'Jackpot',
      drawnAt: 'Nov 29 20:00 GMT',
      link: 'raffle.lr/draws/house-jackpot-w3',
    });
    expect(text).toBe('Jackpot Nov 29 20:00 GMT: no winner. raffle.lr/draws/house-jackpot-w3 Reply STOP to stop.');
  });

  it('keeps the game, link and STOP whole when a long record link needs the room: the masked number gives way', () => {
    const link = 'raffle-liberia.example.com/draws/house-daily-w1234';
    const text = resultSmsText({
      game: 'Daily Cash Giveaway',
      drawnAt: 'Nov 29 20:00 GMT',
      winner: { ticket: '6741-5745-9946-87', maskedNumber: '2318*****56' },
      link,
    });
    expect(text).toBe(
      `Daily Cash Giveaway Nov 29 20:00 GMT: ticket 6741-5745-9946-87 won. ${link} Reply STOP to stop.`,
    );
    expect(gsm7Length(withRef(text))).toBeLessThanOrEqual(160);
  });

  it('keeps the link and STOP whole when a longer link needs more: the game name gives way', () => {
    const link = `raffle-liberia.example.com/draws/${'f'.repeat(36)}-w12`;
    const text = resultSmsText({
      game: 'Daily Cash Giveaway',
      drawnAt: 'Nov 29 20:00 GMT',
      winner: { ticket: '6741-5745-9946-87', maskedNumber: '2318*****56' },
      link,
    });
    expect(gsm7Length(withRef(text))).toBeLessThanOrEqual(160);
    expect(text.endsWith(`${link} Reply STOP to stop.`)).toBe(true);
    expect(text).toContain('ticket 6741-5745-9946-87 won.');
  });

  it('says a redraw is one: the first winner voided, redrawn (issue 36)', () => {
    const text = resultSmsText({
      game: 'Daily Cash Giveaway',
      drawnAt: 'Nov 29 20:05 GMT',
      winner: { ticket: '6741-5745-9946-87', maskedNumber: '2318*****56' },
      link: 'raffle.lr/d/K7M2QX',
      redraw: true,
    });
    expect(text).toMatch(
      /^Daily Cash Giveaway Nov 29 20:05 GMT: winner voided, redrawn: (winning )?ticket 6741-5745-9946-87/,
    );
    expect(text.endsWith('raffle.lr/d/K7M2QX Reply STOP to stop.')).toBe(true);
    expect(gsm7Length(withRef(text))).toBeLessThanOrEqual(160);
  });
});
