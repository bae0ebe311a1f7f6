import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { formatMoneyShown } from '@shared/money';
import { ussdPlayerMessages } from '@shared/ussd';
import { aPlainAdmin } from '../support/fixtures';
import { aUniquePlayerNumber } from '../support/play';
import { refusalSmsTo } from '../support/refusal-sms';
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

/**
 * Responsible play (DESIGN section 7) on a phone (360x740): the
 * play-responsibly page; a number excluded by USSD or by an admin, or over
 * its own daily spending limit, refused by the web entry form (and by the
 * USSD entry).
 */
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

/** A daily entry from `phone` on the web form of `on`, refused: the alert's text, once no entry was started. */
async function webEntryRefusal(on: Page, phone: string): Promise<string> {
  await visit(on, '/daily-draw');
  await on.getByLabel('Mobile money number').fill(`0${phone.slice(3)}`);
  await on.getByLabel('Amount').selectOption('100.00|LRD');
  await on.getByLabel(messages.entryForm.adultLabel).check();
  await on.locator('form button[type="submit"]').click();
  const alert = on.getByRole('alert');
  await alert.waitFor({ state: 'visible' });
  // refused before any payment prompt: no entry phase is shown
  expect(await on.locator('[data-entry-phase]').count()).toBe(0);
  return alert.innerText();
}

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
      'A lower limit holds at once; a higher one only 24 hours after you confirm it',
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

  it('refuses a number excluded by USSD on the web entry form (the reason by SMS only) and on the USSD entry (the reason on screen), before any payment prompt', async () => {
    const phone = aUniquePlayerNumber();
    const done = screenText(await dialAs(phone, '6*2*1*1'), 'END');
    const until = /until ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(done)![1]!;

    // anyone can type a number on the web form: the page tells no stranger the number's exclusion (DESIGN section 7)
    const refusedAt = new Date();
    expect(await webEntryRefusal(page, phone)).toBe(messages.responsiblePlay.cannotPlayNow);
    expect(await page.getByRole('main').innerText()).not.toContain(until);
    expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.excludedUntil(until));
    await pageSettled(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    // the same number dials the daily draw and picks its first price: its own phone is told why
    expect(screenText(await dialAs(phone, '1*1'), 'END')).toBe(`END ${messages.responsiblePlay.excludedUntil(until)}`);
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
    // the excluded number, at the web entry form in another tab of the same phone
    const shop = await context.newPage();
    try {
      const refusedAt = new Date();
      expect(await webEntryRefusal(shop, phone)).toBe(messages.responsiblePlay.cannotPlayNow);
      expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.excludedForGood);
    } finally {
      await shop.close();
    }
    await page.getByRole('button', { name: 'Lift exclusion' }).click();
    // lifting asks first, naming the number
    const confirm = page.getByRole('dialog', { name: 'Lift exclusion' });
    await confirm.getByText(phone).waitFor();
    await confirm.getByRole('button', { name: 'Lift exclusion' }).click();
    await expect.poll(() => result.innerText()).toContain(`${phone} is not excluded.`);
    await pageSettled(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });

  it('refuses a web entry over the daily spending limit the player set by USSD; the limit and what is left go by SMS to the number only', async () => {
    const phone = aUniquePlayerNumber();
    const limit = formatMoneyShown(5_000);
    expect(screenText(await dialAs(phone, '6*1*50*1'), 'END')).toBe(`END ${ussdPlayerMessages.limitSet(limit)}`);
    // a 100 LRD ticket passes a 50 LRD limit with nothing spent today
    const refusedAt = new Date();
    expect(await webEntryRefusal(page, phone)).toBe(messages.responsiblePlay.cannotPlayNow);
    expect(await page.getByRole('main').innerText()).not.toContain(`${limit} LRD`);
    expect(await refusalSmsTo(phone, refusedAt)).toBe(messages.responsiblePlay.overDailyLimit(limit, limit));
  });
});
