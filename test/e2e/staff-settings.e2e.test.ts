import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRecord } from '@shared/api/schemas/admins';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aSuperAdmin, FIXTURE_PASSWORD, signedIn, uniqueEmail } from '../support/fixtures';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import {
  axeViolations,
  DESKTOP,
  holdToasts,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
  visit,
} from './support/browser';

/**
 * Settings, Admins and Audit log in real Chromium, the
 * settings change and the last super admin seen at 390 px and again at
 * desktop width (the same page resized; the stale edit and audit log at 390 px):
 * a super admin saves a new daily prize and draw time that a player's pages
 * then show, meets a bad field named and a stale edit explained; as the only
 * super admin cannot disable or demote itself, creates a second super admin
 * who signs in and disables the first, and is then the last one and refused
 * in turn; the audit log filters to those changes. axe finds nothing serious.
 *
 * The file runs on a private stack (one for the file): the house settings are
 * read by other files' public pages on the shared stack, and "the last active
 * super admin" counts every super admin of the stack, where other files
 * create their own. (Every control of these screens on screen at 390 px is
 * test/e2e/staff-phone.e2e.test.ts's, which visits every screen.)
 */
let privateStack: PrivateStack;
let browser: Browser;
/** The first super admin, the only one until it creates another. */
let first: StaffUser;
/** The API as the super admin the file is acting as (the first, then the second once the first is disabled). */
let api: { client: ApiClient; id: string };
// one signed-in page per admin for the file (the suite's time on 2 cores)
let context: BrowserContext;
let page: Page;
let second: { context: BrowserContext; page: Page; id: string; email: string } | undefined;

beforeAll(async () => {
  [privateStack, browser] = await Promise.all([startPrivateStack(), launchBrowser()]);
  first = await aSuperAdmin();
  api = { client: await signedIn(first), id: first.id };
  ({ context, page } = await openPage(browser, STAFF_PHONE, { reducedMotion: 'reduce' }));
  await signInAtAdminLogin(page, first);
}, 120_000);
afterAll(async () => {
  await second?.context.close();
  await context?.close();
  await browser?.close();
  await privateStack?.stop();
});

const settingsNow = async () => (await api.client.call(routes.getSettings, { id: api.id })).body.Settings;
const adminsNow = async () => (await api.client.call(routes.listAdmins, { id: api.id })).body.Admins as AdminRecord[];
const isHouseGamesRead = (response: Response) => new URL(response.url()).pathname === routes.publicHouseGames.path;

async function expectNoSeriousViolations(on: Page) {
  await pageSettled(on);
  await holdToasts(on);
  expect(seriousOrCritical(await axeViolations(on))).toEqual([]);
}

/** The daily game's configured prize and time as /daily-draw and the home page's card state them (the public money format, GMT). */
async function expectDailyDrawPageShows(on: Page, prize: string, time: string) {
  await on
    .getByTestId('game-prize')
    .filter({ hasText: `Prize: ${prize} LRD` })
    .waitFor();
  await on.getByText(`Drawn every day at ${time} GMT.`).waitFor();
}
async function expectHomeCardShows(on: Page, prize: string, time: string) {
  const card = on.getByTestId('daily-prize');
  await card
    .filter({ hasText: `${prize} LRD` })
    .filter({ hasText: `Drawn every day at ${time} GMT.` })
    .waitFor();
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(on.viewportSize()!.width);
}

describe('Settings reach the public site', () => {
  it("saves a new daily prize and draw time on the Settings screen; a player's /daily-draw and home page then show them, on a phone and a desktop", async () => {
    const player = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      // the player's page before: the first-start settings (the spec's prize and time)
      await visit(player.page, '/daily-draw');
      await expectDailyDrawPageShows(player.page, '10,000.00', '21:00');

      await page.setViewportSize(STAFF_PHONE.viewport);
      await visit(page, `/v1/admin/${first.id}/settings`);
      const prize = page.getByLabel('Daily prize (L$)');
      const time = page.getByLabel('Daily draw time (GMT)');
      await expect.poll(() => prize.inputValue()).toBe('10000.00');
      // typed with a grouping comma, saved exactly
      await prize.fill('15,250');
      await time.fill('20:15');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText(messages.settings.saved, { exact: true }).first().waitFor();
      expect((await settingsNow()).daily).toMatchObject({ prize_lrd: '15250.00', draw_time: '20:15' });
      await expectNoSeriousViolations(page);
      // the same screen at desktop width: the saved values in the form
      await page.setViewportSize(DESKTOP.viewport);
      await expect.poll(async () => [await prize.inputValue(), await time.inputValue()]).toEqual(['15250.00', '20:15']);
      await expectNoSeriousViolations(page);

      // the player opens the page again: the browser asks the API anew (max-age=0: it keeps no copy), and
      // no CDN stands in front of the local gateway, so the change shows at once; in AWS CloudFront shares
      // this read for its s-maxage (30 s, test/infra/stacks.test.ts): there players see it within 30 s
      const read = player.page.waitForResponse(isHouseGamesRead);
      await visit(player.page, '/daily-draw');
      const answer = await read;
      expect(answer.headers()['cache-control']).toMatch(/(^|, )max-age=0(,|$)/);
      expect((await answer.json()).daily).toMatchObject({ prize_lrd: '15250.00', draw_time: '20:15' });
      // (axe on these public pages at both widths: test/e2e/accessibility.e2e.test.ts)
      await expectDailyDrawPageShows(player.page, '15,250.00', '20:15');
      await visit(player.page, '/');
      await expectHomeCardShows(player.page, '15,250.00', '20:15');
      await player.page.setViewportSize(DESKTOP.viewport);
      await expectHomeCardShows(player.page, '15,250.00', '20:15');
      await visit(player.page, '/daily-draw');
      await expectDailyDrawPageShows(player.page, '15,250.00', '20:15');
    } finally {
      await player.context.close();
    }
  });

  it('names a bad field before sending, and explains a stale edit with the current values', async () => {
    await page.setViewportSize(STAFF_PHONE.viewport);
    await visit(page, `/v1/admin/${first.id}/settings`);
    const prize = page.getByLabel('Daily prize (L$)');
    await expect.poll(() => page.getByLabel('Mobile-network fee rate (%)').inputValue()).toMatch(/^\d+\.\d\d$/);
    const original = await settingsNow();
    await expect.poll(() => prize.inputValue()).toBe(original.daily.prize_lrd);

    // a field the server would refuse is named before anything is sent
    await page.getByLabel('Daily draw time (GMT)').fill('25:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Daily draw time (GMT): Draw time must be HH:MM in GMT' })
      .first()
      .waitFor();
    expect(await settingsNow()).toEqual(original);
    await page.getByLabel('Daily draw time (GMT)').fill(original.daily.draw_time);

    // someone else saves meanwhile: this editor's save is explained, with the current values shown
    expect(
      (
        await api.client.call(
          routes.updateSettings,
          { id: api.id },
          { ...original, daily: { ...original.daily, prize_lrd: '11111.00' } },
        )
      ).status,
    ).toBe(200);
    await prize.fill('9,999.00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const stale = page.getByRole('alert').filter({ hasText: messages.settings.stale });
    await stale.waitFor();
    await stale.getByText('Your changes to apply again: Daily prize (L$).').waitFor();
    await expect.poll(() => prize.inputValue()).toBe('11111.00');
    expect((await settingsNow()).daily.prize_lrd).toBe('11111.00');
    await expectNoSeriousViolations(page);
  });
});

/** An admin's row on the Admins screen, by email. */
const rowOf = (on: Page, email: string) => on.getByRole('row').filter({ hasText: email });

/** A row's action on the Admins screen, confirmed in its dialog. */
const DISABLE = { dialog: 'Disable admin', confirm: 'Disable', button: (username: string) => `Disable ${username}` };
const DEMOTE = {
  dialog: 'Make plain admin',
  confirm: 'Make plain admin',
  button: (username: string) => `Make plain admin: ${username}`,
};

type Change = typeof DISABLE | typeof DEMOTE;

async function confirmChange(on: Page, change: Change, username: string) {
  await on.getByRole('button', { name: change.button(username), exact: true }).click();
  await on
    .getByRole('dialog', { name: change.dialog })
    .getByRole('button', { name: change.confirm, exact: true })
    .click();
}

/**
 * The last active super admin asks to leave: refused on screen with the rule's message, the row and the
 * stored account unchanged. Each of `self`'s own actions once at phone and once at desktop width.
 */
async function expectLastSuperAdminRefused(
  on: Page,
  self: { id: string; email: string; username: string },
  changes: { phone: Change; desktop: Change },
) {
  for (const screen of [STAFF_PHONE, DESKTOP]) {
    await on.setViewportSize(screen.viewport);
    await visit(on, `/v1/admin/${self.id}/admins`);
    await rowOf(on, self.email).filter({ hasText: 'Active' }).waitFor();
    await confirmChange(on, screen === DESKTOP ? changes.desktop : changes.phone, self.username);
    await on.getByRole('alert').filter({ hasText: messages.admins.lastSuperAdmin }).first().waitFor();
    await rowOf(on, self.email).filter({ hasText: 'Super admin' }).filter({ hasText: 'Active' }).waitFor();
    await expectNoSeriousViolations(on);
  }
  const admins = await adminsNow();
  expect(admins.filter((admin) => admin.SuperAdmin && admin.Active).map((admin) => admin.ID)).toEqual([self.id]);
}

describe('the last active super admin, in the browser', () => {
  it('refuses the only super admin its own Disable (on a phone) and demotion (on a desktop)', async () => {
    expect((await adminsNow()).filter((admin) => admin.SuperAdmin && admin.Active).map((admin) => admin.ID)).toEqual([
      first.id,
    ]);
    await expectLastSuperAdminRefused(
      page,
      { id: first.id, email: first.email, username: first.username },
      { phone: DISABLE, desktop: DEMOTE },
    );
  });

  it('creates a second super admin, who signs in in the browser and disables the first; the second is then the last, refused in turn', async () => {
    await page.setViewportSize(STAFF_PHONE.viewport);
    await visit(page, `/v1/admin/${first.id}/admins`);
    const email = uniqueEmail('second-super');
    const form = page.getByRole('form', { name: 'New admin' });
    await form.getByLabel('Username').fill('Second Super');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/^Password/).fill(FIXTURE_PASSWORD);
    await form.getByLabel('Super admin (everything)').check();
    await form.getByRole('button', { name: 'Create admin' }).click();
    await page.getByText(messages.admins.created, { exact: true }).first().waitFor();
    const created = rowOf(page, email).filter({ hasText: 'Super admin' }).filter({ hasText: 'Active' });
    await created.waitFor();
    await page.setViewportSize(DESKTOP.viewport);
    await created.waitFor();
    const id = (await adminsNow()).find((admin) => admin.Email === email)!.ID;

    // the second signs in in a browser of their own (a phone) and disables the first, whose session ends
    const opened = await openPage(browser, STAFF_PHONE, { reducedMotion: 'reduce' });
    second = { ...opened, id, email };
    await signInAtAdminLogin(second.page, { id, email });
    await visit(second.page, `/v1/admin/${id}/admins`);
    await confirmChange(second.page, DISABLE, first.username);
    const disabled = rowOf(second.page, first.email).filter({ hasText: 'Disabled' });
    await disabled.waitFor();
    await second.page.setViewportSize(DESKTOP.viewport);
    await disabled.waitFor();
    expect((await api.client.call(routes.me)).status).toBe(401);

    // now the second is the last active super admin
    api = { client: await signedIn({ ...first, id, email }), id };
    await expectLastSuperAdminRefused(
      second.page,
      { id, email, username: 'Second Super' },
      { phone: DEMOTE, desktop: DISABLE },
    );
  });

  it('filters the audit log to the admin changes, newest first, each opening to its before and after; the refusals wrote none', async () => {
    const on = second!.page;
    await on.setViewportSize(STAFF_PHONE.viewport);
    await visit(on, `/v1/admin/${second!.id}/audit-log`);
    const filters = on.getByRole('form', { name: 'Audit log filters' });
    await filters.getByLabel('Action').fill('admin.');
    await filters.getByRole('button', { name: 'Filter' }).click();
    const changes = on.getByRole('region', { name: 'Changes' }).first().getByRole('row').filter({ hasText: 'admin.' });
    // each filter is a request to the stack: room for a loaded machine (a poll's own default is 1 s)
    await expect.poll(() => changes.count(), { timeout: 15_000 }).toBe(2);
    expect(await changes.nth(0).innerText()).toContain('admin.disable');
    expect(await changes.nth(1).innerText()).toContain('admin.create');

    // by user: the second's one change
    await expect.poll(() => filters.getByLabel('User').locator(`option[value="${second!.id}"]`).count()).toBe(1);
    await filters.getByLabel('User').selectOption(second!.id);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => changes.count(), { timeout: 15_000 }).toBe(1);
    // what changed, in words, under the admin's name (no raw JSON)
    await changes
      .nth(0)
      .getByText(/^Changes \(\d+\)$/)
      .click();
    await changes
      .nth(0)
      .getByText(/^disabled (now true|false → true)$/)
      .waitFor();
    await expectNoSeriousViolations(on);
  });
});
