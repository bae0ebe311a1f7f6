import type { Locator, Page } from 'playwright-core';
import { messages } from '@shared/messages';
import { visit } from './browser';

/** The entry page's result, and its live region. */
export const ENTRY_RESULT = '.entry-result';
export const ENTRY_STATUS = '.entry-result [role="status"]';

/** The entry form's number (as a player types it: the national form) and amount. */
export async function fillEntry(page: Page, mobile: string, amount: string): Promise<void> {
  await page.getByLabel('Mobile money number').fill(`0${mobile.slice(3)}`);
  await page.getByLabel('Amount').selectOption(amount);
}

/** A 100 LRD daily ticket bought on the page from `mobile`: the paid result's ticket number, once shown. */
export async function paidDailyTicket(page: Page, mobile: string): Promise<Locator> {
  await visit(page, '/daily-draw');
  await fillEntry(page, mobile, '100.00|LRD');
  await page.getByLabel(messages.entryForm.adultLabel).check();
  await page.getByRole('button', { name: 'Pay and enter' }).click();
  const ticket = page.locator(`${ENTRY_STATUS} [data-entry-phase="paid"] .ticket-number`);
  // the simulator approves after about a second; the machine the stack shares may be slow
  await ticket.waitFor({ state: 'visible', timeout: 30_000 });
  return ticket;
}
