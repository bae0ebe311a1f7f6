import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { aPlainAdmin } from '../support/fixtures';
import { aUniquePlayerNumber } from '../support/play';
import { dialAs, screenText } from '../support/ussd';
import {
  axeViolations,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  signInAtAdminLogin,
  visit,
} from './support/browser';

/** Responsible play (DESIGN section 7) on a phone (360x740): the play-responsibly page, and an excluded number refused by the web entry form. */
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, PHONE));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('play responsibly on a phone', () => {
  it('reaches the play-responsibly page from the footer and How to Play: rules, limits, self-exclusion by USSD, help; axe clean; no sideways scroll', async () => {
    await visit(page, '/how-to-play');
    await page.getByRole('main').getByRole('link', { name: 'How to play responsibly' }).click();
    await page.getByRole('heading', { level: 1, name: 'Play responsibly' }).waitFor();
    const main = page.getByRole('main');
    for (const text of [
      '18 or older',
      'Spend only what you can afford',
      '1. Daily spending limit',
      '2. Stop playing for a while',
      '1 month, 6 months or permanently',
      'Where to get help',
    ]) {
      expect(await main.innerText()).toContain(text);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pageSettled(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

    await visit(page, '/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Play responsibly' }).click();
    await page.getByRole('heading', { level: 1, name: 'Play responsibly' }).waitFor();
  });

  it('refuses a number excluded by USSD on the web entry form, with the message shown, before any payment prompt', async () => {
    const phone = aUniquePlayerNumber();
    const done = screenText(await dialAs(phone, '6*2*1*1'), 'END');
    const until = /until ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(done)![1]!;

    await visit(page, '/daily-draw');
    await page.getByLabel('Mobile money number').fill(`0${phone.slice(3)}`);
    await page.getByLabel('Amount').selectOption('100.00|LRD');
    // the entry form's age confirmation, where the form has one
    const adult = page.getByRole('checkbox', { name: /18/ });
    if ((await adult.count()) > 0) await adult.check();
    await page.locator('form button[type="submit"]').click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ state: 'visible' });
    expect(await alert.innerText()).toBe(messages.responsiblePlay.excludedUntil(until));
    expect(await page.locator('[data-entry-phase]').count()).toBe(0);
  });

  it('lets any admin exclude a number and lift it from the portal', async () => {
    const admin = await aPlainAdmin();
    const phone = aUniquePlayerNumber();
    await signInAtAdminLogin(page, admin);
    await visit(page, `/v1/admin/${admin.id}/player-exclusion`);
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByLabel('Period').selectOption('permanent');
    const result = page.locator('.staff-card').getByRole('status');
    await page.getByRole('button', { name: 'Exclude' }).click();
    await expect.poll(() => result.innerText()).toContain(`${phone} is excluded permanently (set by an admin).`);
    await page.getByRole('button', { name: 'Lift exclusion' }).click();
    await expect.poll(() => result.innerText()).toContain(`${phone} is not excluded.`);
    await pageSettled(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });
});
