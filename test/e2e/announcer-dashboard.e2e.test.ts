import type { Browser, Page } from 'playwright-core';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import { commitmentOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { maskMobileNumber } from '@shared/phone';
import { aCheckedInAnnouncer, aPartner, FIXTURE_PASSWORD, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';

/**
 * The announcer's live draw in a real browser against the local stack
 *: entries arrive live, the threshold toast, the draw, the winner
 * on top and the count reset — from the topic — and the partner's dashboard
 * following along; the guard; axe.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, portal: 'partner' | 'announcer', email: string, id: string) {
  await visit(page, `/${portal}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/v1/${portal}/${id}/dashboard`);
}

/** Waits until the element with this test id reads exactly `text`. */
async function testIdReads(page: Page, testId: string, text: string) {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
  );
}

const storedSession = (page: Page) => page.evaluate(() => ({ ...sessionStorage }));

describe('the announcer dashboard, live', () => {
  it('shows entries arrive, the threshold toast, then the draw: winner on top, count reset; the partner sees it too', async () => {
    const [{ user: admin, client }, partner] = await Promise.all([fixtureSuperAdmin(), aPartner()]);
    const [announcer, { promotion, sharedCode }] = await Promise.all([
      aCheckedInAnnouncer(partner),
      // the first draw of the day needs 2 entries, later ones 3
      aPromotionToDraw(client, admin.id, partner, { starting_threshold: 2, threshold: 3 }),
    ]);
    const title = promotion.promotion_title;

    const [desk, station] = await Promise.all([openPage(browser, DESKTOP), openPage(browser, DESKTOP)]);
    try {
      const page = desk.page;
      const partnerPage = station.page;
      // the announcer and the partner sign in side by side
      await Promise.all([
        signIn(page, 'announcer', announcer.Email, announcer.ID),
        signIn(partnerPage, 'partner', partner.Email, partner.ID),
      ]);
      await page.getByRole('heading', { name: `Active Promotion: ${title}` }).waitFor();
      await page.getByText('L$ 100.00 to Play').waitFor();
      await testIdReads(page, 'threshold-count', '0 / 2');
      const button = page.locator('.draw-button');
      expect(await button.innerText()).toBe(messages.draw.notMet);
      expect(await button.isDisabled()).toBe(true);
      // a disabled draw button looks disabled, not the enabled primary button (compared once it is on)
      const look = () =>
        button.evaluate((b) => `${getComputedStyle(b).backgroundColor} ${getComputedStyle(b).borderStyle}`);
      const offLook = await look();
      const commitment = await page.getByTestId('window-commitment').innerText();
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);

      const card = partnerPage.getByRole('article', { name: title });
      await card.waitFor();

      const first = await aPaidEntryByCode(sharedCode);
      await testIdReads(page, 'threshold-count', '1 / 2');
      expect(await page.getByText(messages.draw.thresholdMet(title)).count()).toBe(0);
      expect(await button.isDisabled()).toBe(true);

      const second = await aPaidEntryByCode(sharedCode);
      await testIdReads(page, 'threshold-count', '2 / 2');
      await page.getByText(messages.draw.thresholdMet(title)).waitFor();
      await page.getByRole('button', { name: messages.draw.conduct }).waitFor();
      expect(await look()).not.toBe(offLook);
      await page.getByRole('button', { name: messages.draw.conduct }).click();

      // the seed is revealed beside the commitment, with the public record
      await page.getByTestId('revealed-seed').waitFor();
      const seed = await page.getByTestId('revealed-seed').innerText();
      expect(commitmentOf(seed)).toBe(commitment);
      const href = await page.getByRole('link', { name: /public draw record/i }).getAttribute('href');
      const drawId = decodeURIComponent(href!.split('/').pop()!);
      // the record's public page (anyone can check it there), and behind it the public API's record
      expect(href).toBe(drawRecordPagePath(drawId));
      const record = (await (
        await page.request.get(pathOf(routes.publicDraw, { draw_id: drawId }))
      ).json()) as PublicDrawRecord;
      expect(record).toMatchObject({ draw_id: drawId, commitment, seed, promotion_title: title, window_count: 2 });

      // the topic resets the count (later draws today need the threshold) and puts the winner on top
      await testIdReads(page, 'threshold-count', '0 / 3');
      const masked = [first.msisdn, second.msisdn].map(maskMobileNumber);
      expect(masked).toContain(record.winner);
      const recent = page.getByRole('region', { name: 'Recent Winners' }).getByRole('listitem');
      await recent.first().waitFor();
      const top = await recent.first().innerText();
      expect(top).toContain(record.winner!);
      expect(top).toContain(title);
      expect(top).toContain('L$ 5,000.00');
      await page.getByRole('button', { name: messages.draw.notMet }).waitFor();

      // the partner's dashboard follows live: 10% of two 100.00 LRD entries, and the winner
      await testIdReads(partnerPage, 'total-balance', 'L$ 20.00');
      const winnersTable = partnerPage.getByRole('region', { name: 'All Winners' });
      await winnersTable
        .getByRole('row', { name: new RegExp(`${escapeRegExp(title)}.*${escapeRegExp(record.winner!)}`) })
        .waitFor();
      expect(await card.innerText()).toContain(record.winner!);
    } finally {
      await desk.context.close();
      await station.context.close();
    }
  }, 120_000); // two browsers, two paid entries and a draw: on a loaded CI machine this scenario alone can pass a minute
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the announcer dashboard guard', () => {
  it("sends an announcer who opens another announcer's dashboard to /announcer/login", async () => {
    const partner = await aPartner();
    const [mine, theirs] = await Promise.all([aCheckedInAnnouncer(partner), aCheckedInAnnouncer(partner)]);
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, 'announcer', mine.Email, mine.ID);
      await page.goto(`/v1/announcer/${theirs.ID}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/announcer/login');
      expect(await storedSession(page)).toEqual({});
      expect(await page.getByText(theirs.Username).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on any tab of the announcer dashboard', async () => {
    const [{ user: admin, client }, partner] = await Promise.all([fixtureSuperAdmin(), aPartner()]);
    const [announcer, { promotion }] = await Promise.all([
      aCheckedInAnnouncer(partner),
      aPromotionToDraw(client, admin.id, partner),
    ]);
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await signIn(page, 'announcer', announcer.Email, announcer.ID);
      await page.getByRole('heading', { name: `Active Promotion: ${promotion.promotion_title}` }).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      // on a phone the menu starts closed, so the dashboard comes first
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: 'Promotions' }).click();
      await page.getByRole('heading', { name: 'Active Promotions' }).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: 'Recent Winners' }).click();
      await page.getByRole('heading', { name: 'All Winners' }).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
