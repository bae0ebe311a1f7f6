// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@web/app/router';
import { installMatchMedia, installScrollTo } from './support/browser-apis';
import { json, stubFetch } from './support/fetch';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  installMatchMedia(true);
  installScrollTo();
});

beforeEach(() => {
  sessionStorage.clear();
  // The pages ask the real API paths; answer like an API with no data yet.
  stubFetch((request) => {
    if (request.url.endsWith('/entry')) return json(200, { DefaultAmountLRD: '100.00', DefaultAmountUSD: '0.50' });
    if (request.url === '/api/v1/public/winners')
      return json(200, { Winners: [], TotalWinners: 0, TotalPaidLRD: '0.00' });
    return json(404, { error: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installMatchMedia(true);
  installScrollTo();
});

/** Each public route and the one heading it must show (spec section 2). */
const PUBLIC_PAGES: ReadonlyArray<[string, RegExp]> = [
  ['/', /win cash/i],
  ['/daily-draw', /^Daily Cash Giveaway$/],
  ['/jackpot', /^Jackpot$/],
  ['/winners', /^Winners$/],
  ['/my-tickets', /^My tickets$/],
  ['/how-to-play', /^How to Play$/],
  ['/play-responsibly', /^Play responsibly$/],
  ['/about', /^About Us$/],
  ['/policy', /^Privacy Policy$/],
  ['/terms/conditions', /^Terms & Conditions$/],
  ['/w-digital', /Software Engineering Services/],
  ['/logout', /^Log out$/],
  ['/admin/login', /^Admin login$/],
  ['/partner/login', /^Partner login$/],
  ['/announcer/login', /^Announcer login$/],
  ['/login', /^Staff login$/],
];

describe('routes', () => {
  it.each(PUBLIC_PAGES)('%s shows its page inside the navbar and footer, with one h1', async (path, heading) => {
    renderAt(path);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it.each([
    '/no/such/page',
    '/daily-draw/extra',
    '/admin',
    '/v1/partner/p1',
  ])("%s shows 'Page Not Found' with a link home", (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/v1/partner/p1/dashboard', 'Partner login'],
    ['/v1/announcer/a1/dashboard', 'Announcer login'],
  ])('%s without a session sends the visitor to its login page (spec section 4)', async (path, heading) => {
    sessionStorage.setItem('superAdmin', 'false'); // a leftover, which the guard clears with the rest
    renderAt(path);
    // two lazy chunks load in turn (the dashboard, then the login page): give a busy machine time
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: /dashboard/i })).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['/v1/admin/u1/overview', 'Staff login'],
    ['/v1/admin/u1/list-partners', 'Admin login'],
  ])('%s without a session sends the visitor to login (spec section 2)', async (path, heading) => {
    renderAt(path);
    // the portal's chunk, the server's answer (no session), then the login page's chunk
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 20000 })).toBeTruthy();
  });

  it('home shows the game buttons, the live jackpot, prize cards, the ticket check, the latest results and the announcements', async () => {
    // issue 35 item 7: the jackpot as it stands, the newest result of each game, the admins' announcements
    const game = { draw_time: '20:00', draw_weekday: null, price_lrd: '100.00', price_usd: '0.50' };
    const moments = { next_draw_at: '2026-11-29T20:00:00.000Z', last_draw_at: '2026-11-28T20:00:00.000Z' };
    stubFetch((request) => {
      if (request.url === '/api/v1/public/house-games')
        return json(200, {
          daily: { ...game, ...moments, title: 'Daily Cash Giveaway', prize_lrd: '10000.00', last_draw_id: null },
          jackpot: {
            ...game,
            ...moments,
            title: 'Jackpot',
            prize_lrd: '25158.00',
            last_draw_id: null,
            base_prize_lrd: '20000.00',
            prize_cap_lrd: '1000000.00',
          },
        });
      if (request.url === '/api/v1/public/results')
        return json(200, {
          results: [
            {
              draw_id: 'd2',
              game: 'daily',
              title: 'Daily Cash Giveaway',
              drawn_at: '2026-11-28T20:00:00.000Z',
              winner: '2318****56',
              prize_lrd: '10000.00',
            },
            {
              draw_id: 'd1',
              game: 'daily',
              title: 'Daily Cash Giveaway',
              drawn_at: '2026-11-27T20:00:00.000Z',
              winner: '2317****11',
              prize_lrd: '10000.00',
            },
            {
              draw_id: 'j1',
              game: 'jackpot',
              title: 'Jackpot',
              drawn_at: '2026-11-21T19:00:00.000Z',
              winner: null,
              prize_lrd: null,
            },
          ],
        });
      if (request.url === '/api/v1/public/site')
        return json(200, {
          announcements: [
            {
              id: '1',
              type: 'winner',
              title: 'A winner in Gbarnga',
              message: 'Paid within the hour.',
              date: '2026-11-28',
            },
          ],
          contact: { phone: null, whatsapp: null, email: null },
        });
      return json(404, { error: 'Not found' });
    });
    renderAt('/');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Daily Draw' }).getAttribute('href')).toBe('/daily-draw');
    expect(main.getByRole('link', { name: 'Jackpot' }).getAttribute('href')).toBe('/jackpot');
    // the software services page is a footer link, not a hero button (issue 35: the home page is the players')
    expect(main.queryByRole('link', { name: 'Software Engineering Services' })).toBeNull();
    expect(main.getByRole('heading', { name: 'Prizes' })).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Check your ticket' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('jackpot-now').textContent).toBe('Jackpot now25,158.00 LRD(grows to 1,000,000.00 LRD)'),
    );
    expect(main.queryByText(/Win up to/)).toBeNull();
    const latest = await screen.findByTestId('latest-results');
    const cards = within(latest).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-draw-id'))).toEqual(['d2', 'j1']);
    expect(cards[0]!.textContent).toContain('Won by 2318****56: 10,000.00 LRD');
    expect(
      within(cards[0]!)
        .getByRole('link', { name: /See the draw record/ })
        .getAttribute('href'),
    ).toBe('/draws/d2');
    const announcements = main.getByRole('heading', { name: 'Announcements' }).parentElement!;
    const posted = await within(announcements).findByText('A winner in Gbarnga');
    expect(posted.parentElement!.textContent).toContain('Nov 28, 2026');
    expect(announcements.textContent).not.toContain('2024');
  });

  it('home says so when there are no announcements', async () => {
    stubFetch((request) =>
      request.url === '/api/v1/public/site'
        ? json(200, { announcements: [], contact: { phone: null, whatsapp: null, email: null } })
        : json(404, { error: 'Not found' }),
    );
    renderAt('/');
    expect(await screen.findByText('No announcements right now.')).toBeTruthy();
  });
});
