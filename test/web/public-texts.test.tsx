// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PublicHouseGames } from '@web/features/public/api/house-games';
import { AboutPage } from '@web/features/public/components/AboutPage';
import { HouseGameFacts } from '@web/features/public/components/HouseGameFacts';
import { HowToPlayPage } from '@web/features/public/components/HowToPlayPage';
import { JackpotNow } from '@web/features/public/components/JackpotNow';
import { PrizeCards } from '@web/features/public/components/PrizeCards';
import { TermsPage } from '@web/features/public/components/TermsPage';
import { json, never, stubFetch } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/**
 * The public pages that name the house games' draw times, prices and prizes
 * read them from the settings answer only: before it arrives (a slow phone,
 * or a read that failed) they show bars (issue 35), never the first-start defaults
 * ("21:00", "100.00"), which may not be what is configured. Once it arrives,
 * every amount is in the one public money format, "10,000.00 LRD".
 *
 * The settings answer is shared by the whole page (hooks/use-house-games.ts
 * keeps it once read), so the never-settling read comes first in this file.
 */

function renderPublicPages() {
  return render(
    <MemoryRouter>
      <PrizeCards />
      <JackpotNow />
      <ul data-testid="facts">
        <HouseGameFacts game="daily" />
        <HouseGameFacts game="jackpot" />
      </ul>
      <HowToPlayPage />
      <TermsPage />
      <AboutPage />
    </MemoryRouter>,
  );
}

/** Every amount written before "LRD" or "USD" is grouped with two decimals, and there is at least one. */
function expectPublicMoneyFormat(text: string) {
  const amounts = [...text.matchAll(/(\d[\d,.]*)\s?(?:LRD|USD)\b/g)].map((match) => match[1]);
  expect(amounts.length).toBeGreaterThan(0);
  for (const amount of amounts) expect(amount).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
}

const configured: PublicHouseGames = {
  daily: {
    title: 'Daily Cash Giveaway',
    draw_time: '20:30',
    draw_weekday: null,
    price_lrd: '1000.00',
    price_usd: '0.50',
    prize_lrd: '12345.00',
    next_draw_at: '2026-11-26T20:30:00.000Z',
    last_draw_at: '2026-11-25T20:30:00.000Z',
    last_draw_id: 'house-daily-w3',
  },
  jackpot: {
    title: 'Jackpot',
    draw_time: '19:15',
    draw_weekday: 6,
    price_lrd: '2500.00',
    price_usd: '1.00',
    prize_lrd: '25118.4',
    next_draw_at: '2026-11-28T19:15:00.000Z',
    last_draw_at: '2026-11-21T19:15:00.000Z',
    last_draw_id: null,
    base_prize_lrd: '20000.00',
    prize_cap_lrd: '1000000.00',
  },
};

useScreenEnvironment({ sounds: false, webSocket: 'none', unstubGlobals: true });

describe('the public pages before the settings answer arrives', () => {
  it('name no draw time, weekday or price that is not configured: a bar in its sentence\'s place, never "…" in a sentence', () => {
    const { requests } = stubFetch(never);
    const { container } = renderPublicPages();
    expect(requests.some((request) => request.url.includes('house-games'))).toBe(true);
    const text = container.textContent!;
    expect(text).not.toMatch(/21:00|Sunday/);
    expect(text).not.toMatch(/\d\s?(LRD|LD|USD)\b/);
    // issue 35: "Prize: … LRD", "the day's … GMT draw" no more
    expect(text).not.toContain('…');
    expect(text).not.toMatch(/Prize:|LRD\.|GMT draw/);
    expect(container.querySelectorAll('.skeleton').length).toBeGreaterThanOrEqual(10);
    expect(container.querySelectorAll('[aria-busy="true"]').length).toBeGreaterThan(0);
  });
});

describe('the public pages once the settings answer arrives', () => {
  it('show the configured times, and every amount as "10,000.00 LRD"', async () => {
    stubFetch(() => json(200, configured));
    const { container } = renderPublicPages();
    await waitFor(() => expect(container.textContent).toContain('Drawn every day at 20:30 GMT.'));
    const prizeCards = container.querySelector('.prizes')!.textContent!;
    expect(prizeCards).toContain('12,345.00 LRD');
    expect(prizeCards).toContain('Enter for 1,000.00 LRD or 0.50 USD.');
    expect(prizeCards).toContain('25,118.40 LRD');
    expect(prizeCards).toContain('From 20,000.00 LRD upward');
    expectPublicMoneyFormat(prizeCards);

    // the hero's figure is this week's jackpot, its cap named as the cap (issue 35 item 7)
    const jackpotNow = container.querySelector('[data-testid="jackpot-now"]')!.textContent!;
    expect(jackpotNow).toBe('Jackpot now25,118.40 LRD(grows to 1,000,000.00 LRD)');
    expectPublicMoneyFormat(jackpotNow);

    const howToPlay = container.querySelector('.faq')!.textContent!;
    expect(howToPlay).toContain('costs 1,000.00 LRD or 0.50 USD. A Jackpot ticket costs 2,500.00 LRD or 1.00 USD.');
    expectPublicMoneyFormat(howToPlay);

    const facts = container.querySelector('[data-testid="facts"]')!.textContent!;
    expect(facts).toContain('Prize: 12,345.00 LRD');
    expectPublicMoneyFormat(facts);

    // the Terms keep the spec's shape ("100 LD or 0.5 USD", "up to 1,000,000 LRD") with the configured amounts
    const terms = container.querySelector('.terms')!.textContent!;
    expect(terms).toContain('Each entry costs 1,000 LD or 0.5 USD (Jackpot entries 2,500 LD or 1 USD)');
    expect(terms).toContain('The top prize is up to 1,000,000 LRD.');
    // (the hard-coded announcement that named both times is gone, issue 35 item 7: the About timeline names them)
    expect(container.textContent).toContain('The Daily Cash Giveaway is drawn at 20:30 GMT');
    expect(container.textContent).toContain('every Saturday at 19:15 GMT');
  });

  it('say that a cleared draw may refund the stakes, where they say entries are non-refundable', async () => {
    stubFetch(() => json(200, configured));
    const { container } = renderPublicPages();
    await waitFor(() => expect(container.textContent).toContain('Drawn every day at 20:30 GMT.'));
    const refundable = [...container.textContent!.matchAll(/Entries are non-refundable[^.]*\./g)].map((m) => m[0]);
    expect(refundable).toEqual([
      'Entries are non-refundable, unless a draw is cleared and the stakes refunded.',
      'Entries are non-refundable once the payment is confirmed, unless a draw is cleared and the stakes refunded.',
    ]);
  });
});
