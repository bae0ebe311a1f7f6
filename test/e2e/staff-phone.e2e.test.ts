import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '../../functions/store/users';
import { adminScreens } from '@web/features/admin/screens/registry';
import { anAssignment, aPromotion } from '../support/catalog';
import {
  aBalance,
  aCheckedInAnnouncer,
  aDrawRecord,
  aPartner,
  aSuperAdmin,
  fixtureSuperAdmin,
} from '../support/fixtures';
import {
  axeViolations,
  launchBrowser,
  openPage,
  pageSettled,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
} from './support/browser';

/**
 * Every admin screen on a 390 px phone (DESIGN section 9 "Screens work on a
 * phone"): nothing scrolls sideways, every button, link and field is on
 * screen, so Pay, Delete and Conduct Draw are reachable, and axe finds no
 * serious violation. Tables hold rows (a partner with a balance, a checked-in
 * announcer, an assignment, a winner), since an empty table proves nothing.
 */
let browser: Browser;
let page: Page;
let admin: StaffUser;

beforeAll(async () => {
  const [launched, superAdmin, partner, { user, client }] = await Promise.all([
    launchBrowser(),
    aSuperAdmin(),
    aPartner(),
    fixtureSuperAdmin(),
  ]);
  browser = launched;
  admin = superAdmin;
  const promotion = await aPromotion(client, user.id);
  await Promise.all([
    anAssignment(client, user.id, { searchString: partner.SearchString } as StaffUser, promotion.ID),
    aBalance(partner.ID, 'partner', 12_345, promotion.ID, promotion.promotion_title),
    aCheckedInAnnouncer(partner),
    aDrawRecord({ partnerId: partner.ID, promotionId: promotion.ID, promotionTitle: promotion.promotion_title }),
  ]);
  ({ page } = await openPage(browser, STAFF_PHONE));
  await signInAtAdminLogin(page, admin);
});

afterAll(async () => {
  await browser?.close();
});

/** Controls a user cannot reach or read: off screen sideways (a 1 px visually-hidden element is not a control one sees), or a cut-off placeholder. */
function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    for (const element of document.querySelectorAll<HTMLElement>(
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
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      const style = getComputedStyle(field);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (field.clientWidth > 0 && measure.measureText(field.placeholder).width > room + 0.5)
        found.push(`placeholder "${field.placeholder}" cut off`);
    }
    return found;
  });
}

describe('admin screens on a 390 px phone', () => {
  it.each(
    adminScreens.map((screen) => [screen.title, screen.path] as const),
  )('%s: every control on screen, no serious axe violation', async (title, path) => {
    await page.goto(`/v1/admin/${admin.id}/${path}`, { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .locator('[aria-current="page"]', { hasText: title })
      .waitFor();
    await pageSettled(page);
    expect(await unreachableControls(page)).toEqual([]);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });

  it('lays each table row out as a card naming its columns, with its actions', async () => {
    await page.goto(`/v1/admin/${admin.id}/list-partners`, { waitUntil: 'domcontentloaded' });
    const row = page.getByRole('region', { name: 'Table: Partners' }).getByRole('row').nth(1);
    await row.waitFor();
    const cells = await row.getByRole('cell').evaluateAll((found) =>
      found.map((cell) => ({
        label: cell.getAttribute('data-label'),
        shown: getComputedStyle(cell, '::before').content,
      })),
    );
    expect(cells.length).toBeGreaterThan(2);
    for (const cell of cells) expect(cell.shown).toBe(JSON.stringify(cell.label));
    const pay = row.getByRole('button', { name: /^Pay / });
    await pay.scrollIntoViewIfNeeded();
    const box = await pay.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
