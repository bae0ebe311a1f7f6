import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobileNumber } from '@shared/phone';
import { messages } from '@shared/messages';
import { aPlayerNumber } from '../support/play';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';

/**
 * The entry page follows a payment to its end (issue 31, DESIGN section 4),
 * in Chromium against the local stack and the MTN simulator, on a 360 px
 * phone and a desktop: a payment left pending shows what to approve on which
 * number and a countdown that a reload keeps, and a way out that keeps the
 * number; a number with no wallet is told so, and "Try again" keeps it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ENTRY_ADDRESS = /\/daily-draw\/entry\/[^/]+$/;
const COUNTDOWN = '[data-entry-countdown]';
/** "14:58" → seconds. */
const secondsOf = (shown: string) => {
  const [minutes, seconds] = shown.trim().split(':').map(Number);
  return minutes! * 60 + seconds!;
};

async function enter(page: Page, typed: string): Promise<string[]> {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/entry')) posts.push(request.url());
  });
  await visit(page, '/daily-draw');
  await page.getByLabel('Mobile money number').fill(typed);
  await page.getByLabel('Amount').selectOption('100.00|LRD');
  await page.getByLabel(messages.entryForm.adultLabel).check();
  await page.getByRole('button', { name: 'Pay and enter' }).click();
  await page.waitForURL(ENTRY_ADDRESS);
  return posts;
}

async function expectFormKept(page: Page, typed: string) {
  await page.getByRole('button', { name: 'Pay and enter' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/daily-draw');
  // carried in the history state only: never in the address
  expect(page.url()).not.toContain(typed.slice(1));
  expect(await page.getByLabel('Mobile money number').inputValue()).toBe(typed);
  // selected once the game's amounts have loaded (a reloaded page asks for them again)
  await expect.poll(() => page.getByLabel('Amount').inputValue()).toBe('100.00|LRD');
}

describe.each([PHONE, DESKTOP])('the entry page on a $name', (screen) => {
  it('follows a pending payment with a countdown a reload keeps; "I did not get a prompt" → "Start again" keeps the number', async () => {
    // MTN leaves this number's payment PENDING for good (README simulator table, 000105)
    const mobile = await aPlayerNumber('stuck');
    const typed = `0${mobile.slice(3)}`;
    const { context, page } = await openPage(browser, screen);
    try {
      const posts = await enter(page, typed);
      const countdown = page.locator(COUNTDOWN);
      await countdown.waitFor({ state: 'visible', timeout: 15_000 });
      const first = secondsOf(await countdown.innerText());
      expect(first).toBeGreaterThan(14 * 60);
      expect(first).toBeLessThanOrEqual(15 * 60);
      const status = page.locator('.entry-result [role="status"]');
      expect(await status.innerText()).toContain(
        messages.entryForm.approvePrompt('100.00 LRD', maskMobileNumber(mobile)),
      );
      expect(await status.locator('[data-entry-phase="pending"] .spinner').count()).toBe(1);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

      await page.reload();
      await countdown.waitFor({ state: 'visible', timeout: 15_000 });
      const reloaded = secondsOf(await countdown.innerText());
      expect(reloaded).toBeGreaterThan(14 * 60);
      expect(reloaded).toBeLessThanOrEqual(first);

      await page.getByRole('button', { name: messages.entryForm.noPrompt }).click();
      await page.getByText(messages.entryForm.noPromptAdvice[2]!).waitFor({ state: 'visible' });
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: messages.entryForm.startAgain }).click();
      await expectFormKept(page, typed);
      expect(posts).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('tells a number with no mobile money wallet so, and "Try again" keeps the number', async () => {
    // MTN fails this number's request to pay PAYER_NOT_FOUND (README simulator table, 000108)
    const mobile = await aPlayerNumber('unregistered');
    const typed = `0${mobile.slice(3)}`;
    const { context, page } = await openPage(browser, screen);
    try {
      await enter(page, typed);
      const failed = page.locator('.entry-result [role="status"] [data-entry-failure="no-wallet"]');
      await failed.waitFor({ state: 'visible', timeout: 30_000 });
      const text = await failed.innerText();
      expect(text).toContain(messages.entry.failure['no-wallet']);
      expect(text).toContain(messages.entry.advice['no-wallet']);
      expect(await page.getByRole('button', { name: messages.entryForm.buyAnother }).count()).toBe(0);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: messages.entryForm.tryAgain }).click();
      await expectFormKept(page, typed);
    } finally {
      await context.close();
    }
  });
});
