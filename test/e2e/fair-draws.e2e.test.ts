import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '../../functions/modules/staff';
import { routes } from '@shared/api/routes';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import { messages } from '@shared/messages';
import { ticketHash } from '@shared/fairness/merkle';
import { formatTicketNumber } from '@shared/ticket-number';
import type { ApiClient } from '../support/api';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';
import { aTicketOfNoEntry, expectWithinWidth, typoOf } from './support/fair-draws';

/**
 * Fair draws end to end (DESIGN section 4, "Fair draws"): real stack, real
 * Chromium. Entries are paid through the simulator and drawn; a visitor goes
 * from the public winners list to the draw's record page, which checks the
 * draw in the browser (Web Crypto, the shared method) and proves the
 * visitor's own ticket is among its entries. A changed record or proof is
 * named by the check it fails.
 */
let browser: Browser;
let superAdmin: StaffUser;
let adminClient: ApiClient;
let drawId: string;
let tickets: string[];
let winningTicketSeq: number;
/** The drawn ticket, and one that was not. */
let winningTicket: string;
let losingTicket: string;

beforeAll(async () => {
  // the browser starts while the draw is made; the three entries are paid side by side
  const launched = launchBrowser().then((started) => (browser = started));
  const [admin, partner] = await Promise.all([aSuperAdmin(), aPartner()]);
  superAdmin = admin;
  adminClient = await signedIn(superAdmin);
  const promotion = await aPromotionToDraw(adminClient, superAdmin.id, partner, {
    starting_threshold: 3,
    threshold: 3,
  });
  tickets = (await paidEntriesByCode(promotion.sharedCode, 3)).map((entry) => entry.ticket);
  await launched;
  const drawn = await adminClient.call(routes.selectWinner, { id: superAdmin.id }, { partner: partner.SearchString });
  if (drawn.status !== 200) throw new Error(drawn.text);
  drawId = drawn.body.winner.draw_id;
  winningTicketSeq = (await adminClient.call<PublicDrawRecord>(routes.publicDraw, { draw_id: drawId })).body
    .winning_seq!;
  const seqs = await Promise.all(
    tickets.map(async (ticket) => {
      const proof = await adminClient.call(routes.publicDrawProof, {
        draw_id: drawId,
        ticket_hash: await ticketHash(ticket),
      });
      return proof.body.seq as number;
    }),
  );
  winningTicket = tickets[seqs.indexOf(winningTicketSeq)]!;
  losingTicket = tickets.find((ticket) => ticket !== winningTicket)!;
});
afterAll(async () => {
  await browser?.close();
});

const verdict = (page: Page) => page.getByTestId('verdict');

async function expectNoSeriousViolations(page: Page) {
  expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
}

describe('a draw anyone can check', () => {
  it('goes from the public winners list to the record page, which says "Verified" and proves the visitor\'s ticket is in the draw', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/winners');
      await page.locator(`a[href="/draws/${drawId}"]`).click();
      await page.waitForURL(`**/draws/${drawId}`);
      await page.getByRole('heading', { level: 1, name: 'Draw record' }).waitFor();
      await expect.poll(() => verdict(page).locator('.notice').textContent(), { timeout: 15_000 }).toBe('Verified');
      await expect(verdict(page).locator('li[data-ok="false"]').count()).resolves.toBe(0);
      await expect(page.getByText(`#${winningTicketSeq}`, { exact: false }).first().isVisible()).resolves.toBe(true);
      await expectNoSeriousViolations(page);

      // the visitor's own ticket, typed as printed on the SMS
      await page.getByLabel('Ticket number').fill(formatTicketNumber(losingTicket));
      await page.getByRole('button', { name: 'Check my ticket' }).click();
      await expect
        .poll(() => page.getByTestId('ticket-check').textContent(), { timeout: 15_000 })
        .toMatch(/^Included: entry #[1-3] of 3 in this draw/);
      // a ticket of no entry: refused, not "included"
      await page.getByLabel('Ticket number').fill(formatTicketNumber(aTicketOfNoEntry()));
      await page.getByRole('button', { name: 'Check my ticket' }).click();
      await expect
        .poll(() => page.getByTestId('ticket-check').textContent(), { timeout: 15_000 })
        .toBe('That ticket is not among the entries of this draw.');
      await expectNoSeriousViolations(page);
    } finally {
      await context.close();
    }
  });

  it('names the failing check when the record, the beacon value or the proof it is served has been changed', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      const flip = (hex: string) => `${hex.slice(0, 5)}${hex[5] === '0' ? '1' : '0'}${hex.slice(6)}`;
      let tamper: (record: PublicDrawRecord) => PublicDrawRecord = (r) => r;
      await page.route(`**/api/v1/public/draws/${drawId}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: tamper((await response.json()) as PublicDrawRecord) });
      });
      const cases: Array<[(r: PublicDrawRecord) => PublicDrawRecord, string]> = [
        [(r) => ({ ...r, seed: flip(r.seed!) }), 'seed matches commitment'],
        [
          (r) => ({ ...r, beacon: { ...r.beacon!, randomness: flip(r.beacon!.randomness) } }),
          'beacon randomness matches its signature',
        ],
        [(r) => ({ ...r, winning_seq: (r.winning_seq! % 3) + 1 }), 'winning sequence number'],
        [(r) => ({ ...r, entry_count: 2 }), 'entries drawn among run to the end of the window'],
      ];
      for (const [change, failing] of cases) {
        tamper = change;
        await visit(page, `/draws/${drawId}`);
        await expect
          .poll(() => verdict(page).locator('.notice').textContent(), { timeout: 15_000 })
          .toMatch(/^Not verified: /);
        await expect(verdict(page).locator('.notice').textContent()).resolves.toContain(failing);
        await expect(verdict(page).locator('li[data-ok="false"]').first().textContent()).resolves.toContain(
          `FAILED: ${failing}`,
        );
      }

      tamper = (r) => r;
      await page.route(`**/api/v1/public/draws/${drawId}/proof/*`, async (route) => {
        const response = await route.fetch();
        const proof = (await response.json()) as { proof: string[] };
        await route.fulfill({
          response,
          json: { ...proof, proof: proof.proof.map((p, i) => (i === 0 ? flip(p) : p)) },
        });
      });
      await visit(page, `/draws/${drawId}`);
      await expect.poll(() => verdict(page).locator('.notice').textContent(), { timeout: 15_000 }).toBe('Verified');
      await page.getByLabel('Ticket number').fill(tickets[0]!);
      await page.getByRole('button', { name: 'Check my ticket' }).click();
      await expect
        .poll(() => page.getByTestId('ticket-check').textContent(), { timeout: 15_000 })
        .toMatch(/^Not proven: the proof for entry #\d does not lead to the Merkle root/);
    } finally {
      await context.close();
    }
  });

  it("lists the open draws' commitments and the closed draw on the Fair draws page, linked from the footer", async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/how-to-play');
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Fair draws' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fair draws' }).waitFor();
      // the window that opened at the draw shows its commitment at once
      const next = drawId.replace(/-w1$/, '-w2');
      await expect
        .poll(() => page.locator(`tr[data-draw-id="${next}"] code`).textContent(), { timeout: 15_000 })
        .toMatch(/^[0-9a-f]{64}$/);
      await page.locator(`a[href="/draws/${drawId}"]`).click();
      await page.waitForURL(`**/draws/${drawId}`);
      await expect.poll(() => verdict(page).locator('.notice').textContent(), { timeout: 15_000 }).toBe('Verified');
    } finally {
      await context.close();
    }
  });

  it('reads on a 360 px phone: hashes wrap, Opened and Closed have times, the winning ticket is told it won, a typo is told as a typo; axe clean', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await visit(page, `/draws/${drawId}`);
      await expect.poll(() => verdict(page).locator('.notice').textContent(), { timeout: 15_000 }).toBe('Verified');
      await expectWithinWidth(page, 360);
      for (const term of ['Opened', 'Closed'])
        await expect(page.locator(`dt:text-is("${term}") + dd`).textContent()).resolves.toMatch(
          /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} GMT$/,
        );
      const button = await page.getByRole('button', { name: 'Check my ticket' }).boundingBox();
      expect(button!.height).toBeGreaterThanOrEqual(44);

      await page.getByLabel('Ticket number').fill(formatTicketNumber(winningTicket));
      await page.getByRole('button', { name: 'Check my ticket' }).click();
      await expect
        .poll(() => page.getByTestId('ticket-check').textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`^${messages.fairDraws.won(winningTicketSeq)}`));
      await page.getByLabel('Ticket number').fill(formatTicketNumber(typoOf(losingTicket)));
      await page.getByRole('button', { name: 'Check my ticket' }).click();
      await expect
        .poll(() => page.getByTestId('ticket-check').textContent(), { timeout: 15_000 })
        .toBe(messages.ticketCheck.checkDigit);
      await expectWithinWidth(page, 360);
      await expectNoSeriousViolations(page);

      // the Fair draws page: each card as tall as its lines, nothing sideways
      await visit(page, '/fair-draws');
      await page.locator(`a[href="/draws/${drawId}"]`).waitFor();
      await expectWithinWidth(page, 360);
      const cardHeights = await page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.clientHeight));
      expect(Math.max(...cardHeights)).toBeLessThan(400);
      await expectNoSeriousViolations(page);
    } finally {
      await context.close();
    }
  });

  it("shows every closed draw's Check link on a desktop's Fair draws table", async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/fair-draws');
      const link = page.locator(`a[href="/draws/${drawId}"]`);
      await link.waitFor();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.viewport.width);
      await expectWithinWidth(page, DESKTOP.viewport.width);
      await expectNoSeriousViolations(page);
    } finally {
      await context.close();
    }
  });
});
