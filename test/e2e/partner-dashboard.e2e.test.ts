import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCheckedInAnnouncer, aPartner, FIXTURE_PASSWORD, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { axeViolations, DESKTOP, launchBrowser, openPage, PHONE, seriousOrCritical, visit } from './support/browser';

/** The partner dashboard in a real browser against the local stack: live figures, the guard, axe. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, id: string) {
  await visit(page, '/partner/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/v1/partner/${id}/dashboard`);
}

async function testIdReads(page: Page, testId: string, text: string) {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
  );
}

const storedSession = (page: Page) => page.evaluate(() => ({ ...sessionStorage }));

/** The figure a promotion card shows under `term`. */
const figure = (page: Page, title: string, term: string) =>
  page.getByRole('article', { name: title }).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');

describe('the partner dashboard', () => {
  it('shows its promotion, then each paid entry and the balance it earns, live', async () => {
    const [{ user: admin, client }, partner] = await Promise.all([fixtureSuperAdmin(), aPartner()]);
    const [, { promotion, sharedCode }] = await Promise.all([
      aCheckedInAnnouncer(partner),
      aPromotionToDraw(client, admin.id, partner, { threshold: 7 }),
    ]);
    const title = promotion.promotion_title;
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signIn(page, partner.Email, partner.ID);
      await page.getByText(`Welcome back, ${partner.Username}!`).waitFor();
      await page.getByRole('article', { name: title }).waitFor();
      expect(await figure(page, title, 'Threshold').innerText()).toBe('7');
      expect(await figure(page, title, 'Daily').innerText()).toBe('0');
      await testIdReads(page, 'total-balance', 'L$ 0.00');
      expect(await page.getByTestId('total-balance').getAttribute('class')).toContain('amount--negative');

      await aPaidEntryByCode(sharedCode);
      await page.waitForFunction((name) => {
        const card = [...document.querySelectorAll('article')].find((a) => a.getAttribute('aria-label') === name);
        const daily = [...(card?.querySelectorAll('dt') ?? [])].find((dt) => dt.textContent === 'Daily');
        return daily?.nextElementSibling?.textContent === '1';
      }, title);
      // 10% of a 100.00 LRD entry
      await testIdReads(page, 'total-balance', 'L$ 10.00');
      expect(await page.getByTestId('total-balance').getAttribute('class')).toContain('amount--positive');
      expect(await figure(page, title, 'Weekly').innerText()).toBe('1');
      const balances = page.getByRole('region', { name: 'Balances per Promotion' });
      expect(await balances.getByRole('row', { name: `${title} L$ 10.00` }).count()).toBe(1);
      // the statement follows the balance: the credit by promotion, from its one entry
      await page
        .getByRole('list', { name: 'Credits by promotion' })
        .getByText(`${title}: L$ 10.00 from 1 entry`)
        .waitFor();
      // the 14-day chart's last day counts it
      const lastDay = page.getByRole('table', { name: 'Entries, last 14 days' }).getByRole('row').last();
      expect(await lastDay.innerText()).toMatch(/\t1$/);
    } finally {
      await context.close();
    }
  });
});

describe('the partner dashboard guard', () => {
  it("sends a partner who opens another partner's dashboard to /partner/login", async () => {
    const [mine, theirs] = await Promise.all([aPartner(), aPartner()]);
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, mine.Email, mine.ID);
      await page.goto(`/v1/partner/${theirs.ID}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/partner/login');
      expect(await storedSession(page)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('sends it away even when the stored session is edited to name the other partner: the server decides', async () => {
    const [mine, theirs] = await Promise.all([aPartner(), aPartner()]);
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, mine.Email, mine.ID);
      await page.evaluate((id) => sessionStorage.setItem('userId', id), theirs.ID);
      await page.goto(`/v1/partner/${theirs.ID}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/partner/login');
      expect(await storedSession(page)).toEqual({});
      expect(await page.getByText(theirs.Username).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on the partner dashboard', async () => {
    const [{ user: admin, client }, partner] = await Promise.all([fixtureSuperAdmin(), aPartner()]);
    const { promotion } = await aPromotionToDraw(client, admin.id, partner);
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await signIn(page, partner.Email, partner.ID);
      await page.getByRole('article', { name: promotion.promotion_title }).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
