import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { aPartner, fixtureSuperAdmin, uniqueEmail } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  seriousOrCritical,
  STAFF_PHONE,
  visit,
} from './support/browser';

/** The regulator's window in a real browser (issue 36 part 3): its own sign-in, today's figures, axe clean. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'regulator-password-1';

describe('the regulator window', () => {
  it("signs in at its own portal and shows today's figures per game, at 390 px and on a desktop, axe clean", async () => {
    const { user: boss, client } = await fixtureSuperAdmin();
    const email = uniqueEmail('regulator');
    const created = await client.call(
      routes.createRegulator,
      { id: boss.id },
      { username: 'Board inspector', email, password: PASSWORD },
    );
    const regulatorId = created.body.Regulator.ID as string;
    const partner = await aPartner();
    const { promotion, sharedCode } = await aPromotionToDraw(client, boss.id, partner, { threshold: 50 });
    await paidEntriesByCode(sharedCode, 2);

    for (const screen of [STAFF_PHONE, DESKTOP]) {
      const { context, page } = await openPage(browser, screen);
      try {
        await visit(page, '/regulator/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`**/v1/account/regulator/${regulatorId}`);
        await page.getByRole('heading', { level: 1, name: 'Regulator window' }).waitFor();
        // this promotion's row: 2 entries of 100.00, 20% tax on the 200.00 (no prize yet)
        const row = page.getByRole('table', { name: 'Per game' }).getByRole('row', { name: promotion.promotion_title });
        await row.waitFor();
        expect(await row.innerText()).toMatch(/LRD\s+2\s+L\$ 200\.00\s+L\$ 0\.00\s+L\$ 0\.00\s+L\$ 40\.00/);
        await page
          .getByTestId('seal-status')
          .getByText(/^Chain /)
          .waitFor();
        // nothing sideways but the tables' own scroll
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
