import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { topicNames, type ServerMessage } from '@shared/topics';
import type { StaffUser } from '../../functions/modules/staff';
import { adminScreens } from '@web/features/admin/screens/registry';
import { aPlainAdmin, aSuperAdmin } from '../support/fixtures';
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

/**
 * Roles in the admin portal (spec sections 2, 4 and 6; DESIGN section 7):
 * a plain admin sees Overview and Winner only, and the server refuses it the
 * rest — the live topics and the calls — whatever the page shows.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The tabs (the menu's first list; a tab's own screens follow in a second). */
const tabNames = (page: Page) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('list').first().getByRole('link').allInnerTexts();

/** What the page's own session gets when it subscribes to `topic` over /ws (the first message for it). */
function subscribeFromPage(page: Page, topic: string): Promise<ServerMessage> {
  return page.evaluate(
    (wanted) =>
      new Promise<ServerMessage>((resolve, reject) => {
        const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
        const timer = setTimeout(() => reject(new Error(`no answer for ${wanted}`)), 10_000);
        socket.onopen = () => socket.send(JSON.stringify({ action: 'subscribe', topic: wanted }));
        socket.onmessage = (event) => {
          // a batch frame carries several messages (shared/message-parts.ts; not importable inside the page)
          const frame = JSON.parse(String(event.data)) as ServerMessage | { events: ServerMessage[] };
          const message = ('events' in frame ? frame.events : [frame]).find((m) => m.topic === wanted);
          if (!message) return;
          clearTimeout(timer);
          socket.close();
          resolve(message);
        };
      }),
    topic,
  );
}

describe('a plain admin', () => {
  let admin: StaffUser;
  // a desktop page this admin signed into once, for the checks that follow the sign-in (each loads its own address)
  let signedInPage: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    admin = await aPlainAdmin();
    signedInPage = await openPage(browser, DESKTOP);
    await signInAtAdminLogin(signedInPage.page, admin);
  });
  afterAll(async () => {
    await signedInPage?.context.close();
  });

  it('sees only Overview and Winner, and both screens pass axe', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await signInAtAdminLogin(page, admin);
      expect(await tabNames(page)).toEqual(['Overview', 'Winner']);
      // the menu names the signed-in admin once the server confirmed the session
      await page.getByRole('button', { name: `${admin.username} Administrator` }).waitFor();
      await page.locator('.stat-card').first().waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Winner' }).click();
      await page.getByRole('heading', { level: 1, name: 'Winners List' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search winners' }).waitFor();
      await page.locator('main .page-loading').waitFor({ state: 'detached' });
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(
    adminScreens.filter((s) => s.superAdminOnly).map((s) => s.path),
  )('opening /%s by its address is refused', async (path) => {
    const { page } = signedInPage;
    await visit(page, `/v1/admin/${admin.id}/${path}`);
    await page.getByRole('heading', { level: 1, name: 'Super admins only' }).waitFor();
    expect(await tabNames(page)).toEqual(['Overview', 'Winner']);
  });

  it('is refused the super-admin topics and calls by the server too', async () => {
    const { page } = signedInPage;
    // the live topics: refused with an error event (DESIGN section 6)
    for (const topic of [topicNames.adminDrawList, topicNames.adminPartners, topicNames.adminAnnouncers]) {
      const answer = await subscribeFromPage(page, topic);
      expect(answer).toEqual({ topic, event: 'error', data: { error: expect.any(String) } });
    }
    // another admin's notifications: refused; its own: served
    expect((await subscribeFromPage(page, topicNames.adminNotifications('someone-else'))).event).toBe('error');
    expect((await subscribeFromPage(page, topicNames.adminNotifications(admin.id))).event).toBe('notifications');
    expect((await subscribeFromPage(page, topicNames.adminWinners)).event).toBe('winners');

    // the calls, with the page's own session cookie and the CSRF header
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    const draw = await page.request.put(pathOf(routes.selectWinner, { id: admin.id }), {
      headers,
      data: { partner: 'ANY' },
    });
    expect(draw.status()).toBe(403);
    expect(typeof (await draw.json()).error).toBe('string');
    const clear = await page.request.delete(pathOf(routes.clearPartnerDraw, { id: admin.id }), {
      headers,
      data: { partnerUsername: 'ANY' },
    });
    expect(clear.status()).toBe(403);
    // what a plain admin may do answers
    const read = await page.request.put(pathOf(routes.markNotificationsRead, { id: admin.id }), { headers });
    expect(read.status()).toBe(200);
  });
});

describe('the session guard on real pages', () => {
  it("sends an admin on another admin's address to /login with session storage cleared", async () => {
    const [admin, other] = await Promise.all([aPlainAdmin(), aSuperAdmin()]);
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInAtAdminLogin(page, admin);
      await page.goto(`/v1/admin/${other.id}/overview`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['list-partners', '/admin/login'],
    ['winners-list', '/login'],
  ])('without a session, /%s sends to %s', async (path, login) => {
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await page.goto(`/v1/admin/some-admin/${path}`);
      await page.waitForURL((url) => url.pathname === login);
    } finally {
      await context.close();
    }
  });

  it('a super admin sees every tab', async () => {
    const admin = await aSuperAdmin();
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInAtAdminLogin(page, admin);
      expect(await tabNames(page)).toEqual([
        'Overview',
        'Winner',
        'Draw',
        'Partners',
        'Announcers',
        'Promotions',
        'Predictions',
      ]);
    } finally {
      await context.close();
    }
  });
});
