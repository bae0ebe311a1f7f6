// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
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

  it('home shows the game buttons, the counter, prize cards, the ticket check and three announcements', () => {
    renderAt('/');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Daily Draw' }).getAttribute('href')).toBe('/daily-draw');
    expect(main.getByRole('link', { name: 'Jackpot' }).getAttribute('href')).toBe('/jackpot');
    // the software services page is a footer link, not a hero button (issue 35: the home page is the players')
    expect(main.queryByRole('link', { name: 'Software Engineering Services' })).toBeNull();
    expect(screen.getByTestId('win-amount').textContent).toBe('1,000,000 LRD');
    expect(main.getByRole('heading', { name: 'Prizes' })).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Check your ticket' })).toBeTruthy();
    const announcements = main.getByRole('heading', { name: 'Announcements' }).parentElement!;
    expect(within(announcements).getAllByRole('listitem')).toHaveLength(3);
    expect(within(announcements).getByText('Important')).toBeTruthy();
    expect(within(announcements).getByText('Winners')).toBeTruthy();
    expect(within(announcements).getByText('Update')).toBeTruthy();
    expect(within(announcements).getAllByText('Nov 29, 2024')).toHaveLength(3);
  });
});
