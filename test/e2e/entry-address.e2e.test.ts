import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { aUniquePlayerNumber } from '../support/play';
import { axeViolations, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';

/**
 * A ticket is never lost by the browser (DESIGN section 4: the web page follows
 * its entry to the end at its own URL): on a 360 px phone in Chromium against the
 * local stack, an entry's page survives a reload and Back/Forward, and the
 * player is never asked to pay again.
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

const ENTRY_ADDRESS = /\/daily-draw\/entry\/([^/]+)$/;
const ticket = '.entry-result [role="status"] [data-entry-phase="paid"] .ticket-number';

describe("an entry's own address", () => {
  it('reloaded mid-payment, and after Back then Forward, still follows the same entry to its ticket; nothing is paid twice', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/entry')) posts.push(request.url());
    });
    const mobile = aUniquePlayerNumber();
    await visit(page, '/daily-draw');
    await page.getByLabel('Mobile money number').fill(`0${mobile.slice(3)}`);
    await page.getByLabel('Amount').selectOption('100.00|LRD');
    await page.getByLabel(messages.entryForm.adultLabel).check();
    await page.getByRole('button', { name: 'Pay and enter' }).click();
    // the submit answers once the provider has been asked to prompt the phone (seconds on a loaded machine)
    await page.waitForURL(ENTRY_ADDRESS, { timeout: 30_000 });
    const address = page.url();
    const entryId = ENTRY_ADDRESS.exec(new URL(address).pathname)![1]!;

    // reloaded at once, while the payment is being asked for: the page follows the same entry again, over a
    // socket naming it (/ws?entry=<id>) or, without one, by asking its status
    const followed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        if (new URL(socket.url()).searchParams.get('entry') === entryId) resolve();
      });
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/v1/entries/${entryId}`)) resolve();
      });
    });
    await page.reload();
    expect(page.url()).toBe(address);
    expect(await page.getByRole('button', { name: 'Pay and enter' }).count()).toBe(0);
    await followed;
    await page.locator(ticket).waitFor({ state: 'visible', timeout: 30_000 });
    const shown = (await page.locator(ticket).innerText()).trim();
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

    // Back to the game's form, Forward to the entry: the same ticket
    await page.goBack();
    await page.getByRole('button', { name: 'Pay and enter' }).waitFor();
    await page.goForward();
    await page.locator(ticket).waitFor({ state: 'visible', timeout: 30_000 });
    expect(page.url()).toBe(address);
    expect((await page.locator(ticket).innerText()).trim()).toBe(shown);
    expect(posts).toHaveLength(1);
  });
});
