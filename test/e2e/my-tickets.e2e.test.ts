import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTicketsMessages } from '@shared/my-tickets';
import { ussdPlayerMessages } from '@shared/ussd';
import { codeFromSms } from '../support/my-tickets';
import { aUniquePlayerNumber } from '../support/play';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical } from './support/browser';
import { paidDailyTicket } from './support/entry-page';

/**
 * My tickets in the browser (DESIGN section 4, "A ticket is never lost by
 * the browser"): a ticket bought on the page is found again from the entry
 * result's link, after the code the SMS simulator took for the number, on
 * a 360 px phone and on a desktop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([PHONE, DESKTOP])('My tickets on a $name', (screen) => {
  it('lists the ticket bought on the page after the code sent by SMS, through a reload, until signed out', async () => {
    const { context, page } = await openPage(browser, screen);
    try {
      const mobile = aUniquePlayerNumber();
      const shown = (await (await paidDailyTicket(page, mobile)).innerText()).trim();

      await page.locator('.entry-result').getByRole('link', { name: 'My tickets' }).click();
      await page.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
      await page.getByLabel('Mobile number').fill(`0${mobile.slice(3)}`);
      await page.getByRole('button', { name: 'Send code' }).click();

      const code = page.getByLabel('Code from the SMS');
      await code.waitFor();
      expect(await page.getByRole('status').first().innerText()).toContain(myTicketsMessages.codeSent);
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

      // a wrong code is said so on the form
      const right = await codeFromSms(mobile);
      await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
      // the refusal is awaited as the API's answer first: on a loaded machine the answer itself has taken longer
      // than a locator's 15 s (twice in CI), and a lost submit must say so rather than time out on the alert
      const refused = page.waitForResponse((response) => response.url().endsWith('/my-tickets/session'), {
        timeout: 60_000,
      });
      await page.getByRole('button', { name: 'Show my tickets' }).click();
      expect((await refused).status()).toBe(400);
      expect(await page.getByRole('alert').innerText()).toBe(myTicketsMessages.wrongCode(4));

      await code.fill(right);
      await page.getByRole('button', { name: 'Show my tickets' }).click();
      const ticket = page.locator(`[data-ticket="${shown.replace(/-/g, '')}"]`);
      await ticket.waitFor();
      expect(await ticket.innerText()).toContain(shown);
      expect(await ticket.locator('[data-status]').innerText()).toMatch(
        new RegExp(`^${ussdPlayerMessages.status.waiting} \\(draw: .+ GMT\\)$`),
      );
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      // nothing sideways on the phone; the session's token is nowhere a script can read
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      const readable = await page.evaluate(() =>
        [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join(' '),
      );
      expect(readable).not.toMatch(/tickets|[A-Za-z0-9_-]{43}/);

      // a reload (or a closed tab) comes back to the list while the session lasts
      await page.reload();
      await ticket.waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText(myTicketsMessages.signedOut).waitFor();
      await page.reload();
      await page.getByLabel('Mobile number').waitFor();
      expect(await ticket.count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000); // a paid entry, a code by SMS, two sign-ins' worth of pages and two axe runs: on 2 loaded cores this passed a minute
});
