import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { formatAmount } from '@web/lib/money';
import { drawHouseGame } from '../../functions/modules/draws';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { SITE_CONTACT } from '../support/site-contact';
import { setAssignment } from '../support/stored-state';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  signInAtAdminLogin,
  visit,
} from './support/browser';

/**
 * Issue 35 item 7, an honest home page, on a 360 px phone and a desktop: the
 * jackpot as it stands (not "Win up to 1,000,000 LRD"), the latest result
 * with its masked winner linking its record, the announcement an admin
 * posted with its date, and the contact number the settings give (never
 * the old placeholder). On a stack of the file's own: it draws a house game
 * and sets the contact details, which every other file's pages read.
 */
let privateStack: PrivateStack | undefined;
let browser: Browser;
let drawId: string;
let boss: Awaited<ReturnType<typeof fixtureSuperAdmin>>;
const title = `Jackpot night ${randomUUID().slice(0, 6)}`;

const hhmm = (at: Date) => at.toISOString().slice(11, 16);

beforeAll(async () => {
  [privateStack, browser] = await Promise.all([startPrivateStack({ beaconServesFutureRounds: true }), launchBrowser()]);
  boss = await fixtureSuperAdmin();
  const { user, client } = boss;
  // setup: a house-run daily game of this file's own, drawn at the next minute with two paid tickets
  const { sharedCode, assignmentId } = await aPromotionToDraw(client, user.id, await aPartner());
  await setAssignment(assignmentId, { kind: 'house' });
  await paidEntriesByCode(sharedCode, 2);
  const now = new Date(Date.now() + 60_000);
  const settings = { ...DEFAULT_HOUSE_SETTINGS, daily: { ...DEFAULT_HOUSE_SETTINGS.daily, drawTime: hhmm(now) } };
  const target = { game: 'daily' as const, assignmentId, marker: `test-home-${randomUUID()}` };
  let outcome = await drawHouseGame(target, settings, now);
  if (outcome.outcome === 'seed-committed') outcome = await drawHouseGame(target, settings, now);
  expect(outcome.outcome).toBe('drawn');
  drawId = `${assignmentId}-w1`;
  // through the admin API, as a super admin would on the Site content screen
  expect((await client.call(routes.updateContact, { id: user.id }, SITE_CONTACT)).status).toBe(200);
  const posted = await client.call(
    routes.createAnnouncement,
    { id: user.id },
    { type: 'winner', title, message: 'A winner in Gbarnga was paid within the hour.' },
  );
  expect(posted.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await privateStack?.stop();
});

describe.each([PHONE, DESKTOP])('the home page on a $name', (screen) => {
  it('shows the live jackpot, the latest result with its masked winner, the posted announcement and the settings contact', async () => {
    const { context, page } = await openPage(browser, screen, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/');
      // the jackpot as the public answer has it now, its cap named as the cap
      const hero = page.getByTestId('jackpot-now');
      await hero.filter({ hasText: /\d LRD/ }).waitFor();
      const games = (await new ApiClient().call(routes.publicHouseGames)).body;
      expect(await hero.textContent()).toBe(
        `Jackpot now${formatAmount(games.jackpot.prize_lrd)} LRD(grows to ${formatAmount(games.jackpot.prize_cap_lrd)} LRD)`,
      );
      expect(await page.getByText(/Win up to/).count()).toBe(0);

      // below the fold: loaded as it comes near
      await page.locator('footer').scrollIntoViewIfNeeded();
      const result = page.getByTestId('latest-results').locator(`[data-draw-id="${drawId}"]`);
      await result.waitFor();
      expect(await result.textContent()).toMatch(/Won by \d{4}\*+\d{2}: 10,000\.00 LRD/);
      expect(await result.getByRole('link', { name: /See the draw record/ }).getAttribute('href')).toBe(
        `/draws/${drawId}`,
      );

      const announcement = page.locator('.announcement', { hasText: title });
      await announcement.waitFor();
      const today = new Date().toLocaleDateString('en-US', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(await announcement.locator('time').textContent()).toBe(today);
      // no hard-coded announcement dated 2024 (the USSD code *384*2024# is no date)
      expect(await page.getByText(/[A-Z][a-z]{2} \d{1,2}, 2024/).count()).toBe(0);

      const footer = page.locator('footer');
      const phone = footer.getByRole('link', { name: '0886555123' });
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+231886555123');
      expect(await page.content()).not.toMatch(/770 000 000|231770000000/);

      await pageSettled(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each([PHONE, DESKTOP])('the software services page on a $name', (screen) => {
  it('names the phone number the settings give, never a placeholder', async () => {
    const { context, page } = await openPage(browser, screen, { reducedMotion: 'reduce' });
    try {
      await visit(page, '/w-digital');
      const phone = page.getByRole('main').getByRole('link', { name: '0555777321' });
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+231555777321');
      expect(await page.getByRole('main').getByRole('link', { name: 'help@raffle.example' }).count()).toBe(1);
      expect(await page.content()).not.toMatch(/770 000 00|23177000000/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      await pageSettled(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the Site content screen', () => {
  it('posts, edits and deletes (after a confirmation) an announcement, and the home page follows', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await signInAtAdminLogin(page, boss.user);
      await page.goto(`/v1/admin/${boss.user.id}/site-content`, { waitUntil: 'domcontentloaded' });
      const mine = `Screen ${randomUUID().slice(0, 6)}`;
      const form = page.getByRole('form', { name: 'New announcement' });
      await form.getByLabel('Type').selectOption('important');
      await form.getByLabel('Title').fill(mine);
      await form.getByLabel('Message').fill('Posted from the screen.');
      await form.getByRole('button', { name: 'Post announcement' }).click();
      await page.getByRole('button', { name: `Edit ${mine}` }).click();
      const edit = page.getByRole('form', { name: 'Edit announcement' });
      await edit.getByLabel('Title').fill(`${mine} edited`);
      await edit.getByRole('button', { name: 'Save announcement' }).click();
      await page.getByRole('button', { name: `Delete ${mine} edited` }).waitFor();

      await visit(page, '/');
      await page.locator('footer').scrollIntoViewIfNeeded();
      await page.locator('.announcement', { hasText: `${mine} edited` }).waitFor();

      await page.goto(`/v1/admin/${boss.user.id}/site-content`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: `Delete ${mine} edited` }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('permanent');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: `Delete ${mine} edited` }).waitFor({ state: 'detached' });
      const site = (await new ApiClient().call(routes.publicSite)).body;
      expect(site.announcements.map((a: { title: string }) => a.title)).not.toContain(`${mine} edited`);
    } finally {
      await context.close();
    }
  });
});
