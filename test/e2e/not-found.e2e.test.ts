import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, visit } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the 404 page', () => {
  it.each([
    [PHONE, '/no/such/page'],
    [DESKTOP, '/winners/2024'],
  ])("shows 'Page Not Found' with a link back home (%#)", async (screen, path) => {
    const { context, page } = await openPage(browser, screen);
    try {
      await visit(page, path);
      expect(await page.locator('h1').innerText()).toBe('Page Not Found');
      expect(await page.title()).toContain('Page Not Found');
      await page.getByRole('main').getByRole('link', { name: /home/i }).click();
      await page.getByRole('heading', { level: 1, name: /win cash/i }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('is not served for a missing asset or API path (those stay real 404s)', async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      const asset = await page.request.get('/assets/no-such-file.js');
      expect(asset.status()).toBe(404);
      const api = await page.request.get('/api/v1/no-such-route');
      expect(api.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});
