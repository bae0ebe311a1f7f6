import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { formatMoneyShown } from '@shared/money';
import { formatGmtDay } from '@shared/dates';
import { ussdPlayerMessages } from '@shared/ussd';
import { aDrawRecord } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { aPlayerNumber, aUniquePlayerNumber, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import { dialAs, screenText, sendMyTicketsSms } from '../support/ussd';
import { axeViolations, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';
import {
  ENTRY_RESULT,
  ENTRY_STATUS,
  fillEntry as fillEntryOn,
  paidDailyTicket as paidDailyTicketOn,
} from './support/entry-page';

/**
 * Phone-first results (item 4), the web's 18+ confirmation and a web ticket
 * in USSD My tickets, on a 360 × 740 phone against the local stack: one page
 * for the file.
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

/** The entry form's POSTs seen by the page from now on. */
function entryPosts(): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/entry')) posts.push(request.url());
  });
  return posts;
}

const fillEntry = (mobile: string, amount: string) => fillEntryOn(page, mobile, amount);

/**
 * Whether the element lies wholly inside the phone's screen (waits for a
 * smooth scroll to finish). The phone's own size, not innerWidth/innerHeight:
 * a mobile browser widens its layout viewport to a page that overflows.
 */
async function inView(selector: string): Promise<boolean> {
  const handle = await page.waitForFunction(
    ({ css, height }) => {
      const box = document.querySelector(css)?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= height && box.height > 0;
    },
    { css: selector, height: PHONE.viewport.height },
  );
  return (await handle.jsonValue()) === true;
}

const result = ENTRY_RESULT;
const status = ENTRY_STATUS;
const paidDailyTicket = (mobile: string) => paidDailyTicketOn(page, mobile);

describe('an entry on a phone', () => {
  it('is refused without "I am 18 or older", with the reason, and nothing is sent', async () => {
    const posts = entryPosts();
    await visit(page, '/daily-draw');
    await fillEntry(aUniquePlayerNumber(), '100.00|LRD');
    await page.getByRole('button', { name: 'Pay and enter' }).click();

    expect(await page.getByRole('alert').innerText()).toBe(messages.entryForm.adultRequired);
    const adult = page.getByLabel(messages.entryForm.adultLabel);
    expect(await adult.getAttribute('aria-invalid')).toBe('true');
    expect(await adult.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await page.locator(status).innerText()).toBe('');
    expect(posts).toEqual([]);
  });

  it('shows the result in view and announced, the ticket number as the SMS has it, and "Buy another ticket" gives an empty form', async () => {
    const mobile = aUniquePlayerNumber();
    const ticket = await paidDailyTicket(mobile);
    expect(await inView(result)).toBe(true);
    // announced: a live region holding the result, with the focus that the form had
    expect(await page.locator(status).evaluate((region) => region === document.activeElement)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: messages.entryForm.resultHeading }).count()).toBe(1);
    // one note: the approve-the-prompt text went with the payment
    expect(await page.locator(`${status} .notice`).count()).toBe(1);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

    const shown = (await ticket.innerText()).trim();
    expect(shown).toMatch(/^\d{4}-\d{4}-\d{4}-\d{2}$/);
    const sms = await eventually(
      () => smsTo(mobile),
      (texts) => texts.length > 0,
    );
    expect(sms[0]!.text).toContain(` ${shown} `);

    await page.getByRole('button', { name: messages.entryForm.buyAnother }).click();
    const number = page.getByLabel('Mobile money number');
    expect(await number.inputValue()).toBe('');
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    expect(await page.getByLabel(messages.entryForm.adultLabel).isChecked()).toBe(false);
    expect(await number.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.locator(status).innerText()).toBe('');
  });

  it('clears the stale "Approve the prompt" note when the payment does not go through', async () => {
    await visit(page, '/jackpot');
    await fillEntry(await aPlayerNumber('decline'), '200.00|LRD');
    await page.getByLabel(messages.entryForm.adultLabel).check();
    await page.getByRole('button', { name: 'Pay and enter' }).click();

    const failed = page.locator(`${status} [data-entry-phase="failed"]`);
    await failed.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await inView(result)).toBe(true);
    const notes = await page.locator(`${status} .notice`).allInnerTexts();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('did not go through');
    expect(await page.locator(status).innerText()).not.toContain('Approve the');
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });
});

describe('My tickets for a ticket bought on a phone', () => {
  it('lists the ticket the page showed, in its format and with its status, on USSD My tickets, and sends the list by SMS', async () => {
    const mobile = aUniquePlayerNumber();
    const ticket = await paidDailyTicket(mobile);
    const line = `${(await ticket.innerText()).trim()} Daily: ${ussdPlayerMessages.status.waiting}`;

    const list = screenText(await dialAs(mobile, '5'), 'CON');
    expect(list.split('\n').slice(0, 2)).toEqual([`CON ${ussdPlayerMessages.myTicketsTitle}`, line]);
    const askedAt = new Date();
    expect(screenText(await dialAs(mobile, '5*1'), 'END')).toBe(`END ${ussdPlayerMessages.smsOnItsWay}`);
    expect(await sendMyTicketsSms(mobile, askedAt)).toBe('sent');
    const lists = (await smsTo(mobile)).filter((sms) => sms.text.startsWith(ussdPlayerMessages.smsTitle));
    expect(lists.map((sms) => splitCheckCode(sms.text).text)).toEqual([`${ussdPlayerMessages.smsTitle}\n${line}`]);
  });
});

describe('the winners page on a phone', () => {
  it('shows each winner’s amount and date at 360 px without scrolling sideways', async () => {
    const drawnAt = new Date().toISOString();
    await aDrawRecord({ prizeLrdCents: 123_456_789, drawnAt, promotionTitle: 'Kiss FM Friday Night Raffle Giveaway' });
    await visit(page, '/winners');
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor({ state: 'visible' });

    const mine = rows.filter({ hasText: `${formatMoneyShown(123_456_789)} LRD` }).first();
    await mine.waitFor({ state: 'visible' });
    expect(await mine.innerText()).toContain(formatGmtDay(drawnAt));
    // every row's amount and date cells lie inside the phone's width (see inView: not innerWidth)
    const width = PHONE.viewport.width;
    const cells = await page.locator('table tbody td:nth-child(3), table tbody td:nth-child(4)').evaluateAll(
      (tds, screenWidth) =>
        tds.map((td) => {
          const box = td.getBoundingClientRect();
          return {
            text: (td as HTMLElement).innerText,
            inside: box.left >= 0 && box.right <= screenWidth && box.width > 0,
          };
        }),
      width,
    );
    expect(cells.length).toBeGreaterThanOrEqual(2);
    expect(cells.filter((cell) => !cell.inside)).toEqual([]);
    expect(await page.evaluate((screenWidth) => document.scrollingElement!.scrollWidth <= screenWidth, width)).toBe(
      true,
    );
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

    // the other public tables, the Fair draws page's open and closed draws (seeds and commitments wrap), read as cards too
    await visit(page, '/fair-draws');
    await page.locator('table tbody tr').first().waitFor({ state: 'visible' });
    expect(await page.evaluate((screenWidth) => document.scrollingElement!.scrollWidth <= screenWidth, width)).toBe(
      true,
    );
  });
});
