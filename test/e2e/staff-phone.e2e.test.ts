import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { getPayout } from '../../functions/modules/payouts';
import type { StaffUser } from '../../functions/modules/staff';
import { adminScreens } from '@web/features/admin/screens/registry';
import { eventually } from '../support/eventually';
import {
  aBalance,
  aCheckedInAnnouncer,
  aDrawRecord,
  aPartner,
  aPlainAdmin,
  aSuperAdmin,
  FIXTURE_PASSWORD,
  fixtureSuperAdmin,
} from '../support/fixtures';
import { paidEntriesByCode, aPromotionToDraw } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  pageSettled,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
  visit,
} from './support/browser';

/**
 * Every staff screen on a 390 px phone (DESIGN section 9 "Screens work on a
 * phone"): nothing scrolls sideways, every control is on screen, each
 * screen's named actions (Pay, Delete, Conduct Draw, Retry, Reset password…)
 * are there and fit the phone once scrolled to, every dialog's buttons fit,
 * and axe finds no serious violation. Rows are seeded so the actions appear
 * (a partner with a balance and a drawable promotion, a checked-in
 * announcer, a failed payout, a prediction, a second admin), since an empty
 * table proves nothing. One page: the admin, then the partner, then the
 * announcer sign in to it in turn.
 */

let browser: Browser;
let page: Page;
let admin: StaffUser;
let other: StaffUser;
let partner: PartnerRecord;
let failing: PartnerRecord;
let announcer: AnnouncerRecord;
let drawable: Awaited<ReturnType<typeof aPromotionToDraw>>;
let question: string;

/** '000101': the simulator fails the transfer with PAYEE_NOT_FOUND. */
const aFailingPayee = () => `088${randomInt(10)}000101`;

beforeAll(async () => {
  const [launched, superAdmin, plainAdmin, drawPartner, failingPartner, { user, client }] = await Promise.all([
    launchBrowser(),
    aSuperAdmin(),
    aPlainAdmin(),
    aPartner(),
    aPartner({ mobile_money_number: aFailingPayee() }),
    fixtureSuperAdmin(),
  ]);
  browser = launched;
  admin = superAdmin;
  other = plainAdmin;
  partner = drawPartner;
  failing = failingPartner;
  question = `Will Kakata win on Sunday? ${randomUUID().slice(0, 8)}`;
  const [promotion, , checkedIn, , failedId] = await Promise.all([
    // the first draw of the day needs 2 paid entries: so Conduct Draw and Clear Draw are both on
    aPromotionToDraw(client, user.id, partner, { starting_threshold: 2, threshold: 3 }),
    aBalance(partner.ID, 'partner', 12_345, undefined, 'Kiss FM Friday'),
    aCheckedInAnnouncer(partner),
    aDrawRecord({ partnerId: partner.ID, promotionTitle: 'Fixture Promotion' }),
    (async () => {
      const promotion = await aBalance(failing.ID, 'partner', 15_000, undefined, 'Gbarnga Friday');
      const paid = await client.call(
        routes.payPartner,
        { id: user.id },
        { search_string: failing.SearchString, account_balance: { [promotion]: '100.00' } },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      if (paid.status !== 200) throw new Error(`pay-partner: ${paid.status} ${paid.text}`);
      return paid.body.Payouts[0].ID as string;
    })(),
    (async () => {
      const category = await client.call(
        routes.createPredictionCategory,
        { id: user.id },
        { category: `Football ${randomUUID().slice(0, 8)}` },
      );
      const created = await client.call(
        routes.createPrediction,
        { id: user.id },
        {
          question,
          reference_number: '',
          category: category.body.Category.ID,
          currency_lrd: '100.00',
          currency_usd: '0.50',
          odd_yes: '1.85',
          odd_no: '2.10',
        },
      );
      if (created.status !== 201) throw new Error(`prediction: ${created.status} ${created.text}`);
    })(),
  ]);
  drawable = promotion;
  announcer = checkedIn;
  await Promise.all([
    paidEntriesByCode(drawable.sharedCode, 2),
    // so the announcer's Make Payment is on
    aBalance(announcer.ID, 'announcer', 2_500, undefined, 'Kiss FM Friday'),
    eventually(
      () => getPayout(failedId),
      (payout) => payout?.status === 'failed',
      15_000,
    ),
  ]);
  ({ page } = await openPage(browser, STAFF_PHONE));
  await signInAtAdminLogin(page, admin);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Controls a user cannot reach or read, in the page or in `within` (a dialog): the page scrolls
 * sideways, a control is off screen sideways (a 1 px visually-hidden element is not a control one
 * sees), or a placeholder is cut off.
 */
function unreachableControls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [`nothing matches ${selector}`];
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    const rootBox = root.getBoundingClientRect();
    if (selector !== 'body' && (rootBox.left < -0.5 || rootBox.right > width + 0.5))
      found.push(`${selector} at ${Math.round(rootBox.left)}–${Math.round(rootBox.right)} px`);
    for (const element of root.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role="button"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name = (
          element.getAttribute('aria-label') ??
          element.textContent ??
          element.getAttribute('placeholder') ??
          ''
        )
          .trim()
          .slice(0, 40);
        found.push(`${element.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    // a placeholder wider than its field is cut off
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const field of root.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      const style = getComputedStyle(field);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (field.clientWidth > 0 && measure.measureText(field.placeholder).width > room + 0.5)
        found.push(`placeholder "${field.placeholder}" cut off`);
    }
    return found;
  }, within);
}

/**
 * Where a named action falls short of reachable: missing, hidden, or not wholly inside the viewport
 * once scrolled to (null when it is reachable).
 */
async function offScreen(page: Page, action: Locator, name: string): Promise<string | null> {
  await action.waitFor({ state: 'visible' });
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  const { width, height } = page.viewportSize()!;
  if (!box) return `${name}: no box`;
  const inside =
    box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
  return inside
    ? null
    : `${name} at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} in ${width}×${height}`;
}

/** Every named action that is not reachable (each scrolled to in turn). */
async function unreachableActions(page: Page, actions: Record<string, Locator>): Promise<string[]> {
  const found: string[] = [];
  for (const [name, action] of Object.entries(actions)) {
    const problem = await offScreen(page, action, name);
    if (problem) found.push(problem);
  }
  return found;
}

const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Narrows a list to one row by its search box (other files' rows share the stack). */
async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: label }).fill(text);
}

/**
 * Each screen's named actions, found by role and name (not by position), after the screen's own
 * preparation (a search, so the seeded row is the one shown). The card test below expands a
 * Partner Promotions card for its Edit, End and Delete.
 */
const screenActions: Record<string, (page: Page) => Promise<Record<string, Locator>>> = {
  overview: async (page) => ({
    notifications: page.getByRole('button', { name: /notification/i }),
    'admin menu': page.locator('.admin-menu__button'),
  }),
  settings: async (page) => ({ 'Save settings': button(page, 'Save settings') }),
  'site-content': async (page) => ({
    'Save contact details': button(page, 'Save contact details'),
    'Post announcement': button(page, 'Post announcement'),
  }),
  admins: async (page) => ({
    'Create admin': button(page, 'Create admin'),
    'Make super admin': button(page, `Make super admin: ${other.username}`),
    'Reset password': button(page, `Reset password: ${other.username}`),
    Disable: button(page, `Disable ${other.username}`),
  }),
  'audit-log': async (page) => ({ Filter: button(page, 'Filter') }),
  'winners-list': async (page) => ({ search: page.getByRole('searchbox', { name: 'Search winners' }) }),
  'player-exclusion': async (page) => ({
    Exclude: button(page, 'Exclude'),
    'Lift exclusion': button(page, 'Lift exclusion'),
    Check: button(page, 'Check'),
  }),
  'support-desk': async (page) => ({ 'Look up': button(page, 'Look up') }),
  exports: async (page) => ({ 'Complaint log CSV': button(page, 'Complaint log CSV') }),
  'jacktop-list': async (page) => {
    await search(page, 'Search partners', drawable.sharedCode);
    const context = `${partner.Username}, ${drawable.promotion.promotion_title}`;
    return {
      'Conduct Draw': button(page, `${messages.draw.conduct} for ${context}`),
      'Clear Draw': button(page, `Clear Draw for ${partner.Username}`),
    };
  },
  'list-partners': async (page) => {
    await search(page, 'Search partners by username or email', partner.Username);
    return {
      Update: button(page, `Update ${partner.Username}`),
      Pay: button(page, `Pay ${partner.Username}`),
      Delete: button(page, `Delete ${partner.Username}`),
    };
  },
  'create-partner': async (page) => ({ 'Create Partner': button(page, 'Create Partner') }),
  'create-tax-analytics': async (page) => ({ 'Submit Analytics': button(page, 'Submit Analytics') }),
  reports: async (page) => ({ 'Show report': button(page, 'Show report') }),
  payouts: async (page) => ({
    Retry: page.getByRole('button', { name: new RegExp(`^Retry .* to ${escapeRegExp(failing.Username)}$`) }).first(),
  }),
  'list-announcer': async (page) => {
    await search(
      page,
      'Search announcers by username, email, partner search string or mobile money number',
      announcer.Username,
    );
    return {
      'Check Out': button(page, `Check Out ${announcer.Username}`),
      'Make Payment': button(page, `Make Payment to ${announcer.Username}`),
      Edit: button(page, `Edit ${announcer.Username}`),
      Delete: button(page, `Delete ${announcer.Username}`),
    };
  },
  'create-announcer': async (page) => ({ 'Create Announcer': button(page, 'Create Announcer') }),
  'assign-partner-promotion': async (page) => {
    await search(page, 'Search by partner, promotion or shared code', drawable.sharedCode);
    return { toggle: page.locator(`li[data-assignment-id="${drawable.assignmentId}"]`).getByRole('button').first() };
  },
  'create-promotion': async (page) => ({
    'Create Promotion': button(page, 'Create Promotion'),
    Update: button(page, `Update ${drawable.promotion.promotion_title}`),
    Delete: button(page, `Delete ${drawable.promotion.promotion_title}`),
  }),
  predictions: async (page) => ({
    'Create Prediction': button(page, 'Create Prediction'),
    Edit: button(page, `Edit ${question}`),
    Delete: button(page, `Delete ${question}`),
  }),
};

async function openScreen(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`/v1/admin/${admin.id}/${path}`, { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .locator('[aria-current="page"]', { hasText: title })
    .waitFor();
  await pageSettled(page);
}

describe('admin screens on a 390 px phone', () => {
  it.each(
    adminScreens.map((screen) => [screen.title, screen.path] as const),
  )('%s: its actions there and on screen, every control on screen, no serious axe violation', async (title, path) => {
    await openScreen(page, path, title);
    const actions = await screenActions[path]!(page);
    expect(await unreachableActions(page, actions)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await unreachableControls(page)).toEqual([]);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });

  it('lays each table row out as a card naming its columns, with its actions', async () => {
    await openScreen(page, 'list-partners', 'Partner Management');
    await search(page, 'Search partners by username or email', partner.Username);
    const row = page.getByRole('region', { name: 'Table: Partners' }).getByRole('row').nth(1);
    await row.getByRole('button', { name: `Pay ${partner.Username}` }).waitFor();
    const cells = await row.getByRole('cell').evaluateAll((found) =>
      found.map((cell) => ({
        label: cell.getAttribute('data-label'),
        shown: getComputedStyle(cell, '::before').content,
      })),
    );
    expect(cells.length).toBeGreaterThan(2);
    for (const cell of cells) expect(cell.shown).toBe(JSON.stringify(cell.label));
  });

  it("expands a partner promotion's card: Edit, End and Delete on screen", async () => {
    await openScreen(page, 'assign-partner-promotion', 'Partner Promotions');
    await search(page, 'Search by partner, promotion or shared code', drawable.sharedCode);
    const card = page.locator(`li[data-assignment-id="${drawable.assignmentId}"]`);
    await card.getByRole('button', { expanded: false }).click();
    expect(
      await unreachableActions(page, {
        Edit: button(card, 'Edit'),
        End: button(card, 'End'),
        Delete: button(card, 'Delete'),
      }),
    ).toEqual([]);
    expect(await unreachableControls(page)).toEqual([]);
    expect(await dialogFits(page, () => button(card, 'Edit').click(), /./)).toEqual([]);
  });
});

/** Opens a dialog with `open`, checks it and its buttons fit the phone, then closes it with Escape. */
async function dialogFits(page: Page, open: () => Promise<void>, name: string | RegExp): Promise<string[]> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  // a live list in the dialog (All notifications) can drop a row between listing its buttons and measuring them:
  // a button gone meanwhile ("no box") is measured again with the list as it then stands
  let found: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const buttons = await dialog.getByRole('button').all();
    expect(buttons.length).toBeGreaterThan(0);
    found = await unreachableActions(
      page,
      Object.fromEntries(
        await Promise.all(buttons.map(async (b, i) => [`${name} › ${(await b.innerText()) || i}`, b] as const)),
      ),
    );
    if (!found.some((problem) => problem.endsWith(': no box'))) break;
  }
  found.push(...(await unreachableControls(page, '[role="dialog"]')));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return found;
}

describe('dialogs on a 390 px phone', () => {
  it('Pay, Update and Delete of a partner fit the phone, buttons and all', async () => {
    await openScreen(page, 'list-partners', 'Partner Management');
    await search(page, 'Search partners by username or email', partner.Username);
    const found = [
      ...(await dialogFits(page, () => button(page, `Pay ${partner.Username}`).click(), /Pay/)),
      ...(await dialogFits(page, () => button(page, `Update ${partner.Username}`).click(), /Update|Edit/)),
      ...(await dialogFits(page, () => button(page, `Delete ${partner.Username}`).click(), /Delete/)),
    ];
    expect(found).toEqual([]);
  });

  it("an announcer's edit form and Make Payment fit the phone", async () => {
    await openScreen(page, 'list-announcer', "Announcers' List");
    await search(
      page,
      'Search announcers by username, email, partner search string or mobile money number',
      announcer.Username,
    );
    expect([
      ...(await dialogFits(page, () => button(page, `Edit ${announcer.Username}`).click(), /./)),
      ...(await dialogFits(page, () => button(page, `Make Payment to ${announcer.Username}`).click(), /./)),
    ]).toEqual([]);
  });

  it("Conduct Draw's and Clear Draw's confirmations fit the phone", async () => {
    await openScreen(page, 'jacktop-list', "Partners' Data Analytics");
    await search(page, 'Search partners', drawable.sharedCode);
    const context = `${partner.Username}, ${drawable.promotion.promotion_title}`;
    const found = [
      ...(await dialogFits(
        page,
        () => button(page, `${messages.draw.conduct} for ${context}`).click(),
        messages.draw.conduct,
      )),
      ...(await dialogFits(page, () => button(page, `Clear Draw for ${partner.Username}`).click(), /Clear Draw/)),
    ];
    expect(found).toEqual([]);
  });

  it("a prediction's edit form and the admins' reset confirmation and new password fit the phone", async () => {
    await openScreen(page, 'predictions', 'Predictions');
    const found = await dialogFits(page, () => button(page, `Edit ${question}`).click(), /Edit|Update/);
    await openScreen(page, 'admins', 'Admins');
    found.push(
      ...(await dialogFits(page, () => button(page, `Make super admin: ${other.username}`).click(), /super admin/i)),
    );
    // Reset password: the confirmation, then the new password shown once
    await button(page, `Reset password: ${other.username}`).click();
    const confirm = page.getByRole('dialog', { name: 'Reset password' });
    found.push(...(await unreachableActions(page, { Cancel: button(confirm, 'Cancel') })));
    found.push(...(await unreachableControls(page, '[role="dialog"]')));
    await confirm.getByRole('button').last().click();
    found.push(...(await dialogFits(page, async () => undefined, 'New password')));
    expect(found).toEqual([]);
  });

  it('the notifications and the admin menu open inside the phone', async () => {
    await openScreen(page, 'overview', 'Overview');
    const found: string[] = [];
    const bell = page.getByRole('button', { name: /notification/i });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    found.push(
      ...(await unreachableActions(page, {
        [messages.notification.markAllRead]: button(panel, messages.notification.markAllRead),
        [messages.notification.viewAll]: button(panel, messages.notification.viewAll),
      })),
    );
    found.push(...(await unreachableControls(page, '.notifications__panel')));
    found.push(
      ...(await dialogFits(page, () => button(panel, messages.notification.viewAll).click(), 'All notifications')),
    );
    await page.locator('.admin-menu__button').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const item of await menu.getByRole('menuitem').all())
      found.push(...[await offScreen(page, item, await item.innerText())].filter((p): p is string => p !== null));
    expect(found).toEqual([]);
  });
});

describe('the audit log at desktop width', () => {
  it('has no serious axe violation', async () => {
    await page.setViewportSize(DESKTOP.viewport);
    try {
      await openScreen(page, 'audit-log', 'Audit log');
      await page.getByRole('table').first().waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await page.setViewportSize(STAFF_PHONE.viewport);
    }
  });
});

/** Signs a partner or an announcer in through their login page, in the same page (the admin's session ends). */
async function signInAs(portal: 'partner' | 'announcer', user: { Email: string; ID: string }): Promise<void> {
  await visit(page, '/logout');
  await visit(page, `/${portal}/login`);
  await page.getByLabel('Email').fill(user.Email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/v1/${portal}/${user.ID}/dashboard`);
}

/** Opens the announcer's sidebar if it is closed (it starts closed on a phone). */
async function openMenu(): Promise<void> {
  const toggle = button(page, 'Open menu');
  if (await toggle.isVisible()) await toggle.click();
}

describe('the partner and announcer dashboards on a 390 px phone and at desktop width', () => {
  it("the partner's dashboard: every control on screen, no serious axe violation at either width", async () => {
    await signInAs('partner', partner);
    await page.getByRole('article', { name: drawable.promotion.promotion_title }).waitFor();
    await pageSettled(page);
    const links = await page.getByRole('main').getByRole('link').all();
    expect(await unreachableActions(page, Object.fromEntries(links.map((l, i) => [`link ${i}`, l] as const)))).toEqual(
      [],
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await unreachableControls(page)).toEqual([]);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    await page.setViewportSize(DESKTOP.viewport);
    try {
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await page.setViewportSize(STAFF_PHONE.viewport);
    }
  });

  it("the announcer's dashboard: the draw button and each tab's actions on screen, axe clean at either width", async () => {
    await signInAs('announcer', announcer);
    await page.getByRole('heading', { name: `Active Promotion: ${drawable.promotion.promotion_title}` }).waitFor();
    await pageSettled(page);
    const found = await unreachableActions(page, {
      'draw button': page.locator('.draw-button'),
      'Open menu': button(page, 'Open menu'),
    });
    found.push(...(await unreachableControls(page)));
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    for (const tab of ['Promotions', 'Recent Winners', 'Statement']) {
      await openMenu();
      found.push(...[await offScreen(page, button(page, tab), tab)].filter((p): p is string => p !== null));
      await button(page, tab).click();
      await pageSettled(page);
      if (tab === 'Promotions')
        found.push(
          ...[await offScreen(page, button(page, 'Select Promotion').first(), 'Select Promotion')].filter(
            (p): p is string => p !== null,
          ),
        );
      await page.evaluate(() => window.scrollTo(0, 0));
      found.push(...(await unreachableControls(page)));
    }
    expect(found).toEqual([]);
    await page.setViewportSize(DESKTOP.viewport);
    try {
      await openMenu();
      await button(page, 'Dashboard').click();
      await page.locator('.draw-button').waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await page.setViewportSize(STAFF_PHONE.viewport);
    }
  });
});
