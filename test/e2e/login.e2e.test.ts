import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import type { StaffUser } from '../../functions/modules/staff';
import { aStaffUser, aSuperAdmin, FIXTURE_PASSWORD } from '../support/fixtures';
import { DESKTOP, launchBrowser, openPage, PHONE, visit } from './support/browser';

/** Login per portal against the real auth API of the local stack (spec sections 4 and 8). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(
  page: Page,
  portal: 'admin' | 'partner' | 'announcer',
  email: string,
  password = FIXTURE_PASSWORD,
) {
  await visit(page, `/${portal}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const storedSession = (page: Page) => page.evaluate(() => ({ ...sessionStorage }));

describe('login per portal', () => {
  it('signs a super admin in at the admin portal and opens the overview', async () => {
    const admin = await aSuperAdmin();
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signIn(page, 'admin', admin.email);
      await page.waitForURL(`**/v1/admin/${admin.id}/overview`);
      await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
      expect(await storedSession(page)).toEqual({ userId: admin.id, userRole: 'admin', superAdmin: 'true' });
      // The session is an HttpOnly cookie: nothing in JS storage or document.cookie.
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      expect(await page.evaluate(() => document.cookie)).toBe('');
      const cookies = await context.cookies();
      expect(cookies.filter((c) => c.name === '__Host-session').map((c) => c.httpOnly)).toEqual([true]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['partner', 'partner'],
    ['announcer', 'announcer'],
    ['admin', 'partner'],
    ['admin', 'announcer'],
  ] as const)('at the %s portal, the %s user lands on its dashboard', async (portal, role) => {
    const user: StaffUser = await aStaffUser(role);
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, portal, user.email);
      await page.waitForURL(`**/v1/${role}/${user.id}/dashboard`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`${role} dashboard`, 'i') }).waitFor();
      const expected: Record<string, string> = { userId: user.id, userRole: role };
      if (portal === 'admin') expected.superAdmin = 'false';
      expect(await storedSession(page)).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['partner', 'announcer'],
    ['announcer', 'partner'],
    ['announcer', 'admin'],
  ] as const)("the %s portal refuses the %s user with 'Invalid user role!'", async (portal, role) => {
    const user = await aStaffUser(role);
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, portal, user.email);
      await page.getByText(messages.generic.invalidUserRoleBang).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${portal}/login`);
      expect(await storedSession(page)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('shows the server message for a wrong password', async () => {
    const partner = await aStaffUser('partner');
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, 'partner', partner.email, 'not-the-password');
      await page.getByText(messages.auth.badCredentials).waitFor();
      expect(new URL(page.url()).pathname).toBe('/partner/login');
      expect(await storedSession(page)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('logs out through /logout: the session ends, storage is cleared and the user goes home', async () => {
    const announcer = await aStaffUser('announcer');
    const { context, page } = await openPage(browser, PHONE);
    try {
      await signIn(page, 'announcer', announcer.email);
      await page.waitForURL(`**/v1/announcer/${announcer.id}/dashboard`);
      // on a phone the announcer's menu starts closed
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Log out' }).click();
      await page.getByText(messages.logout.success).waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await storedSession(page)).toEqual({});
      const me = await page.request.get(routes.me.path);
      expect(me.status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
