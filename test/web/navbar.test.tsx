// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '@web/components/Footer';
import { Navbar } from '@web/components/Navbar';
import { site } from '@web/lib/site';
import { json, stubFetch } from './support/fetch';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNavbar(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  const toggle = () => screen.getByRole('button', { name: /menu/i });
  const nav = () => screen.getByRole('navigation', { name: 'Main' });
  return { toggle, nav };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('navbar', () => {
  it("lists the players' links: the games, results, how to play, fair draws and the ticket checks (issue 35)", () => {
    const { nav } = renderNavbar();
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Daily Giveaway', '/daily-draw'],
      ['Jackpot', '/jackpot'],
      ['Results', '/results'],
      ['Winners', '/winners'],
      ['How to Play', '/how-to-play'],
      ['Fair draws', '/fair-draws'],
      ['Check a ticket', '/#check-ticket'],
      ['My tickets', '/my-tickets'],
    ]);
    // staff logins and the software services page are in the footer
    expect(within(nav()).queryByText(/login|Software Engineering/)).toBeNull();
  });

  it('has a button showing the USSD code that dials it, the # escaped in its tel: address (issue 35)', () => {
    renderNavbar();
    const ussd = screen.getByRole('link', { name: new RegExp(site.ussdCode.replace(/[*#]/g, '\\$&')) });
    expect(ussd.getAttribute('href')).toBe('tel:*384*2024%23');
  });

  it('opens and closes the mobile menu', () => {
    const { toggle, nav } = renderNavbar();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe(nav().id);
    expect(nav().classList.contains('site-nav--open')).toBe(false);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().textContent).toContain('Close menu');
    expect(nav().classList.contains('site-nav--open')).toBe(true);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('site-nav--open')).toBe(false);
  });

  it('closes the menu when a link is followed', () => {
    const { toggle, nav } = renderNavbar();
    fireEvent.click(toggle());
    fireEvent.click(within(nav()).getByRole('link', { name: 'Winners' }));
    expect(screen.getByTestId('where').textContent).toBe('/winners');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu on Escape and gives focus back to the toggle', () => {
    const { toggle } = renderNavbar();
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('marks the current page', () => {
    const { nav } = renderNavbar('/jackpot');
    expect(within(nav()).getByRole('link', { name: 'Jackpot' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Winners' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('footer', () => {
  it("lists the spec's links and the contact block", async () => {
    stubFetch((request) =>
      request.url === '/api/v1/public/site'
        ? json(200, {
            announcements: [],
            contact: { phone: '231886123456', whatsapp: '231555123456', email: 'help@raffle.example' },
          })
        : json(404, { error: 'Not found' }),
    );
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footerNav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['How to Play', '/how-to-play'],
      ['Winners', '/winners'],
      // the recent house-game draws, each linking its record
      ['Past results', '/results'],
      // the public draw records' index (fairness anyone can check)
      ['Fair draws', '/fair-draws'],
      ['About Us', '/about'],
      ['Daily Draw', '/daily-draw'],
      ['Jackpot', '/jackpot'],
      ['Terms & Conditions', '/terms/conditions'],
      ['Privacy Policy', '/policy'],
      ['Play responsibly', '/play-responsibly'],
      // out of the players' menu (issue 35)
      ['Software Engineering Services', '/w-digital'],
      ['Announcer login', '/announcer/login'],
      ['Partner login', '/partner/login'],
      ['Admin login', '/admin/login'],
    ]);
    // the contact details are the settings' (issue 35 item 7), never the old placeholder number
    expect((await screen.findByRole('link', { name: '0886123456' })).getAttribute('href')).toBe('tel:+231886123456');
    expect(screen.getByRole('link', { name: /^0555123456/ }).getAttribute('href')).toBe('https://wa.me/231555123456');
    expect(screen.getByRole('link', { name: 'help@raffle.example' }).getAttribute('href')).toBe(
      'mailto:help@raffle.example',
    );
    expect(document.body.textContent).not.toMatch(/770 000 000|770000000/);
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social.map((link) => link.getAttribute('href'))).toEqual(site.social.map((s) => s.href));
    expect(screen.getByText(site.licensing)).toBeTruthy();
    expect(screen.getByText(site.mobileMoneyPartners)).toBeTruthy();
  });

  it('shows no phone number when the settings give none, and the site address for e-mail', async () => {
    stubFetch(() => json(200, { announcements: [], contact: { phone: null, whatsapp: null, email: null } }));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('link', { name: site.email })).getAttribute('href')).toBe(`mailto:${site.email}`);
    expect(screen.queryByText(/Phone:|WhatsApp:/)).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });
});
