import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dammCheckDigit } from '@shared/ticket-check-digit';

/** Nothing on the page reaches past `width` (no sideways scroll), its own table scrollers included. */
export async function expectWithinWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const wide = await page.locator('.table-scroll').evaluateAll((boxes) =>
    boxes
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => {
        // the widest thing inside, to name what pushes the box out
        const widest = [...box.querySelectorAll('td, td *')].sort((a, b) => b.scrollWidth - a.scrollWidth)[0];
        return `${box.getAttribute('aria-labelledby')}: ${box.scrollWidth} > ${box.clientWidth} (${widest?.outerHTML.slice(0, 160)})`;
      }),
  );
  expect(wide).toEqual([]);
}

/** A well-formed ticket number (its check digit holds) that no entry has. */
export function aTicketOfNoEntry(): string {
  const digits = '1234567890123';
  return `${digits}${dammCheckDigit(digits)}`;
}

/** A ticket number with one digit mistyped: its check digit fails (the Damm code catches every such typo). */
export function typoOf(ticket: string): string {
  const typo = `${ticket.slice(0, 5)}${(Number(ticket[5]) + 1) % 10}${ticket.slice(6)}`;
  if (dammCheckDigit(typo) === 0) throw new Error('a single-digit change always fails the check digit');
  return typo;
}
