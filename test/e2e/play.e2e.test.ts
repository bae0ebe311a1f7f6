import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTicketNumber } from '@shared/ticket-number';
import { messages } from '@shared/messages';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPlayerNumber, aPromotionToDraw, aUniquePlayerNumber } from '../support/play';
import { setEntry } from '../support/stored-state';
import {
  axeViolations,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  visit,
} from './support/browser';

/** A web entry from the form to a ticket number against the local stack and its simulator, then its verification. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('playing from a phone', () => {
  it('enters the daily draw, follows the payment to a ticket number, and verifies the ticket on the home page', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/daily-draw');
      const mobile = aUniquePlayerNumber();
      await page.getByLabel('Mobile money number').fill(`0${mobile.slice(3)}`);
      await page.getByLabel('Amount').selectOption('100.00|LRD');
      await page.getByLabel(messages.entryForm.adultLabel).check();
      await page.locator('form button[type="submit"]').click();

      const paid = page.locator('[data-entry-phase="paid"] .ticket-number');
      await paid.waitFor({ state: 'visible', timeout: 15_000 });
      const shown = (await paid.textContent())!.trim();
      const ticket = shown.replace(/\D/g, '');
      expect(ticket).toMatch(/^\d{14}$/);
      // one piece on the 360 px success card, never broken at a dash (issue 35)
      expect(await paid.evaluate((number) => number.getClientRects().length)).toBe(1);

      await visit(page, '/');
      const card = page.locator('form.verify-card', { hasText: 'Daily Draw ticket' });
      await card.getByLabel('Ticket number').fill(formatTicketNumber(ticket));
      await card.locator('button[type="submit"]').click();
      const result = card.locator('.verify-result');
      await result.waitFor({ state: 'visible' });
      expect(await result.getAttribute('data-outcome')).toBe('waiting');
      // names its draw as the ticket SMS does
      expect(await result.textContent()).toMatch(
        /Ticket valid: it is in the draw on \w{3} \d{1,2}, \d{4} \d\d:\d\d GMT\. Good luck!/,
      );
    } finally {
      await context.close();
    }
  });

  it('checks a radio promotion winner, a waiting ticket, a lost one and a mistyped number in the daily box: green, neutral and red, each look passing axe', async () => {
    const { user, client } = await fixtureSuperAdmin();
    const { promotion, sharedCode } = await aPromotionToDraw(client, user.id, await aPartner(), {
      threshold: 50,
      starting_threshold: 40,
    });
    const [winner, waiting, loser] = await Promise.all([
      aPaidEntryByCode(sharedCode),
      aPaidEntryByCode(sharedCode),
      aPaidEntryByCode(sharedCode),
    ]);
    await setEntry(winner.entryId, { wonAt: '2026-11-21T19:30:00.000Z', prizeLrdCents: 500_000 });
    // its draw (an earlier window of the promotion) happened without it
    await setEntry(loser.entryId, { windowNo: 0 });
    const wrongDigit = `${waiting.ticket.slice(0, 13)}${(Number(waiting.ticket[13]) + 1) % 10}`;
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/');
      const card = page.locator('form.verify-card', { hasText: 'Daily Draw ticket' });
      const result = card.locator('.verify-result');
      const looks = [
        {
          typed: winner.ticket,
          outcome: 'won',
          look: 'verify-result--winner',
          text: messages.ticketCheck.won('5,000.00', 'Nov 21, 2026'),
        },
        {
          typed: waiting.ticket,
          outcome: 'waiting',
          look: 'verify-result--waiting',
          text: messages.ticketCheck.waitingLive,
        },
        { typed: loser.ticket, outcome: 'lost', look: 'verify-result--other', text: messages.ticketCheck.lost },
        { typed: wrongDigit, outcome: 'unknown', look: 'verify-result--other', text: messages.ticketCheck.checkDigit },
      ];
      for (const { typed, outcome, look, text } of looks) {
        await card.getByLabel('Ticket number').fill(formatTicketNumber(typed));
        await card.locator('button[type="submit"]').click();
        await card.locator(`.verify-result[data-outcome="${outcome}"]`).waitFor({ state: 'visible' });
        expect(await result.getAttribute('class')).toBe(`verify-result ${look}`);
        expect(await result.textContent()).toContain(text);
        if (outcome !== 'unknown') expect(await result.textContent()).toContain(promotion.promotion_title);
        expect((await result.textContent())!.includes('✕')).toBe(look === 'verify-result--other');
        // each look's colours as shown: no serious axe violation (the new look colours, contrast included)
        await pageSettled(page);
        expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 120_000); // three paid entries, then four looks each with axe: 35–51 s on a loaded machine, too near the 60 s default

  it('shows why a declined payment made no ticket', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/jackpot');
      await page.getByLabel('Mobile money number').fill(await aPlayerNumber('decline'));
      await page.getByLabel('Amount').selectOption('200.00|LRD');
      await page.getByLabel(messages.entryForm.adultLabel).check();
      await page.locator('form button[type="submit"]').click();
      const failed = page.locator('[data-entry-phase="failed"]');
      await failed.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await failed.textContent()).toContain('The payment was declined on the phone.');
    } finally {
      await context.close();
    }
  });
});
