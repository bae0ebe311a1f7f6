import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { aStaffUser, aSuperAdmin, FIXTURE_PASSWORD, fixtureSuperAdmin } from '../support/fixtures';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousOrCritical,
  signInAtAdminLogin,
  visit,
} from './support/browser';
import { expectWithinWidth } from './support/fair-draws';

/**
 * Issue 30 items 8 and 9 in real Chromium against the local stack: the
 * browser's tabs share its one staff session (DESIGN section 7), a sign-in
 * at another portal never ends it silently, and every staff user has an
 * Account screen where they change their own password.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('several tabs of one browser', () => {
  it('opens an admin screen in a second tab without signing in again', async () => {
    const admin = await aSuperAdmin();
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInAtAdminLogin(page, admin);
      const second = await context.newPage();
      await second.goto(`/v1/admin/${admin.id}/list-partners`, { waitUntil: 'domcontentloaded' });
      await second.getByRole('navigation', { name: 'Admin sections' }).waitFor();
      expect(new URL(second.url()).pathname).toBe(`/v1/admin/${admin.id}/list-partners`);
      expect(await second.evaluate(() => ({ ...sessionStorage }))).toEqual({
        userId: admin.id,
        userRole: 'admin',
        superAdmin: 'true',
      });
    } finally {
      await context.close();
    }
  });

  it('offers a switch at the partner portal in a second tab instead of silently ending the admin tab', async () => {
    const admin = await aSuperAdmin();
    const partner = await aStaffUser('partner');
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signInAtAdminLogin(page, admin);
      const second = await context.newPage();
      await visit(second, '/partner/login');
      await second.getByRole('heading', { name: 'Already signed in' }).waitFor();
      expect(await second.getByText(/This browser is signed in as/).textContent()).toContain(admin.username);
      // an admin cannot use the partner portal: no "Continue as", and no form that would replace the session
      expect(await second.getByRole('link', { name: /Continue as/ }).count()).toBe(0);
      expect(await second.getByLabel('Email').count()).toBe(0);
      expect(seriousOrCritical(await axeViolations(second))).toEqual([]);
      await expectWithinWidth(second, PHONE.viewport.width);
      // the admin tab still works meanwhile
      expect((await page.request.get(routes.me.path)).status()).toBe(200);

      await second.getByRole('button', { name: 'Sign out and sign in here' }).click();
      await second.getByLabel('Email').fill(partner.email);
      await second.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
      await second.getByRole('button', { name: 'Log in' }).click();
      await second.waitForURL(`**/v1/partner/${partner.id}/dashboard`);

      // the admin tab, back in view, says who is signed in now and offers the way back
      // (headless tabs are all "visible": say so as a browser does when its tab is shown again)
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await page.getByRole('heading', { name: 'Already signed in' }).waitFor();
      expect(await page.getByText(/This browser is signed in as/).textContent()).toContain(partner.username);
    } finally {
      await context.close();
    }
  });
});

describe('the Account screen', () => {
  it('changes the password after a reset before anything else opens, on a phone and on a desktop', async () => {
    for (const screen of [PHONE, DESKTOP]) {
      const { user: boss, client: bossClient } = await fixtureSuperAdmin();
      const admin = await aStaffUser('admin');
      const reset = await bossClient.call(routes.resetAdminPassword, { id: boss.id }, { admin_id: admin.id });
      const temporary = reset.body.TemporaryPassword as string;

      const { context, page } = await openPage(browser, screen);
      try {
        await visit(page, '/admin/login');
        await page.getByLabel('Email').fill(admin.email);
        await page.getByLabel('Password', { exact: true }).fill(temporary);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL('**/v1/account');
        await page.getByText(messages.auth.mustChangePassword).waitFor();
        expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
        await expectWithinWidth(page, screen.viewport.width);

        await page.getByLabel('Current password').fill(temporary);
        await page.getByLabel('New password', { exact: true }).fill('short');
        await page.getByLabel('Confirm new password').fill('short');
        await page.getByRole('button', { name: 'Change password' }).click();
        await page.getByText(messages.account.newPasswordShort).waitFor();

        await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-9');
        await page.getByLabel('Confirm new password').fill('a-fresh-password-9');
        await page.getByRole('button', { name: 'Change password' }).click();
        await page.waitForURL(`**/v1/admin/${admin.id}/overview`);
        await page.getByRole('heading', { level: 1, name: messages.overview.title }).waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
