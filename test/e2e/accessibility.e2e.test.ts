import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';

/** axe-core over each public route: no serious or critical violations (issue 8, "Tests"). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC_ROUTES = [
  '/',
  '/daily-draw',
  '/jackpot',
  '/winners',
  '/how-to-play',
  '/fair-draws',
  '/about',
  '/policy',
  '/terms/conditions',
  '/w-digital',
  '/logout',
  '/admin/login',
  '/partner/login',
  '/announcer/login',
  '/no/such/page',
];

describe.each([PHONE, DESKTOP])('axe on a $name screen', (screen) => {
  it.each(PUBLIC_ROUTES)('%s has no serious or critical violations', async (path) => {
    const { context, page } = await openPage(browser, screen, { reducedMotion: 'reduce' });
    try {
      await visit(page, path);
      await page.waitForLoadState('networkidle');
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('themes', () => {
  it.each(['default', 'sunset', 'ocean', 'forest'])('the %s theme passes axe on the home page with the menu open', async (theme) => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/');
      await page.evaluate((name) => {
        document.documentElement.dataset.theme = name;
      }, theme);
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('entry form messages', () => {
  it('shows the validation message in an accessible alert', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/daily-draw');
      await page.getByRole('button', { name: /pay and enter/i }).click();
      expect(await page.getByRole('alert').innerText()).toBe(messages.validation.fillOutAllFields);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
