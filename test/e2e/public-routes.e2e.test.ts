import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, visit, type Screen } from './support/browser';

/**
 * Every public route renders its key content on a 360×740 phone and on a
 * 1280×800 desktop ("Tests"), in the built site served by the stack.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface RouteCheck {
  path: string;
  h1: RegExp;
  check: (page: Page) => Promise<void>;
}

const visibleText = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });

const ROUTES: RouteCheck[] = [
  {
    path: '/',
    h1: /win cash/i,
    check: async (page) => {
      // the live jackpot, its cap as the cap (issue 35 item 7)
      await page
        .getByTestId('jackpot-now')
        .filter({ hasText: /grows to [\d,]+\.\d\d LRD/ })
        .waitFor();
      for (const name of ['Daily Draw', 'Jackpot']) {
        expect(await page.getByRole('main').getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await page.getByRole('form').count()).toBe(2);
      expect(await page.getByRole('heading', { name: 'Prizes' }).isVisible()).toBe(true);
      // the news below the fold loads as it comes near: the admins' announcements or the empty state
      await page.locator('footer').scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: 'Announcements' }).waitFor();
    },
  },
  ...(['/daily-draw', '/jackpot'] as const).map((path) => ({
    path,
    h1: path === '/jackpot' ? /^Jackpot$/ : /^Daily Cash Giveaway$/,
    check: async (page: Page) => {
      expect(await page.getByLabel('Mobile money number').isVisible()).toBe(true);
      const amount = page.getByLabel('Amount');
      expect(await amount.isVisible()).toBe(true);
      expect(await amount.locator('option').first().textContent()).toBe('Select a currency');
      expect(await page.getByRole('button', { name: /pay and enter/i }).isVisible()).toBe(true);
    },
  })),
  {
    path: '/winners',
    h1: /^Winners$/,
    // Real data only: the table, the empty state, or the error state when the API is not there.
    check: (page) => page.locator('table, .empty, [role="alert"]').first().waitFor({ state: 'visible' }),
  },
  {
    path: '/how-to-play',
    h1: /^How to Play$/,
    check: async (page) => {
      expect(await page.locator('.steps > li').count()).toBe(4);
      expect(await page.locator('.faq details').count()).toBeGreaterThanOrEqual(4);
      await page.locator('.faq summary').first().click();
      expect(await page.locator('.faq details').first().getAttribute('open')).not.toBeNull();
    },
  },
  {
    path: '/about',
    h1: /^About Us$/,
    check: async (page) => {
      for (const name of ['Our mission', 'Our values', 'Timeline']) {
        expect(await page.getByRole('heading', { name }).isVisible()).toBe(true);
      }
      await visibleText(page, 'Nov 29, 2024');
    },
  },
  {
    path: '/policy',
    h1: /^Privacy Policy$/,
    check: (page) => visibleText(page, /first four and last two characters/),
  },
  {
    path: '/terms/conditions',
    h1: /^Terms & Conditions$/,
    check: async (page) => {
      for (const text of [
        /100 LD or 0\.5 USD/,
        /non-refundable/,
        /within 24 hours/,
        /notified by SMS/,
        /it is in the next day's draw/,
        /one week/,
        /Minimum stake is 100 LRD/i,
        /up to 1,000,000 LRD/,
      ]) {
        await visibleText(page, text);
      }
    },
  },
  {
    path: '/w-digital',
    h1: /Software Engineering Services/,
    check: async (page) => {
      // its phone is the settings' (test/e2e/home-page.e2e.test.ts sets one): here, a way to write, never a placeholder
      await page.getByRole('main').locator('a[href^="mailto:"]').waitFor();
      expect(await page.content()).not.toMatch(/770 000 00|23177000000/);
    },
  },
  {
    path: '/logout',
    h1: /^Log out$/,
    check: (page) => visibleText(page, 'You are logged out.'),
  },
  ...(['admin', 'partner', 'announcer'] as const).map((portal) => ({
    path: `/${portal}/login`,
    h1: new RegExp(`^${portal[0]!.toUpperCase()}${portal.slice(1)} login$`),
    check: async (page: Page) => {
      expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    },
  })),
];

async function expectChrome(page: Page, screen: Screen) {
  expect(await page.locator('h1').count()).toBe(1);
  expect(await page.getByRole('banner').isVisible()).toBe(true);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  const ussd = page.getByRole('banner').getByRole('link', { name: /\*384\*2024#/ });
  expect(await ussd.isVisible()).toBe(true);
  const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Winners' });
  expect(await menuLink.isVisible()).toBe(screen === DESKTOP);
  // Nothing wider than the screen (no sideways scrolling on a phone).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([PHONE, DESKTOP])('public routes on a $name screen', (screen) => {
  // one page for the screen: each route is loaded afresh into it (a full load), no new context per route
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, screen));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(ROUTES)('$path shows its key content', async ({ path, h1, check }) => {
    await visit(page, path);
    expect(await page.locator('h1').innerText()).toMatch(h1);
    await check(page);
    await expectChrome(page, screen);
  });
});

describe('navigation', () => {
  it('opens and closes the mobile menu on a phone, and its links work', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Jackpot' }).isVisible()).toBe(false);
      await toggle.click();
      expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Jackpot' }).click();
      await page.getByRole('heading', { level: 1, name: 'Jackpot' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/jackpot');
      expect(await nav.getByRole('link', { name: 'Jackpot' }).isVisible()).toBe(false);

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
      expect(await nav.getByRole('link', { name: 'Winners' }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('dials the USSD code from its header button (a tel: address, the # escaped), on every screen', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await visit(page, '/about');
      const ussd = page.getByRole('banner').getByRole('link', { name: /\*384\*2024#/ });
      expect(await ussd.getAttribute('href')).toBe('tel:*384*2024%23');
    } finally {
      await context.close();
    }
  });

  it('reaches every footer link with the keyboard and follows it', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await visit(page, '/');
      const footerLinks = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      expect(await footerLinks.allInnerTexts()).toEqual([
        'How to Play',
        'Winners',
        'Past results',
        'Fair draws',
        'About Us',
        'Daily Draw',
        'Jackpot',
        'Terms & Conditions',
        'Privacy Policy',
        'Play responsibly',
        'Software Engineering Services',
        'Announcer login',
        'Partner login',
        'Admin login',
      ]);
      await footerLinks.filter({ hasText: 'Terms & Conditions' }).focus();
      const focusVisible = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(focusVisible).toBe('solid');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/terms/conditions');
    } finally {
      await context.close();
    }
  });

  it('keeps the staff portals out of the public pages (and the toaster out of home)', async () => {
    const { context, page } = await openPage(browser, PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await visit(page, '/');
      await page.waitForLoadState('networkidle');
      for (const path of ['/daily-draw', '/winners', '/how-to-play']) {
        await page.getByRole('navigation', { name: 'Footer' }).locator(`a[href="${path}"]`).click();
        await page.waitForLoadState('networkidle');
      }
      expect(scripts.length).toBeGreaterThan(1);
      expect(scripts.filter((s) => /LoginPage|AdminPortal|PartnerDashboard|AnnouncerDashboard|toast/.test(s))).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });
});
