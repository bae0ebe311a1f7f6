import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { findPartnerBySearchString, type StaffUser } from '../../functions/modules/staff';
import { aBalance, anAnnouncer, aPartner, aSuperAdmin, uniqueCode, uniqueEmail } from '../support/fixtures';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  seriousOrCritical,
  signInAtAdminLogin,
} from './support/browser';

/**
 * A super admin runs partners and announcers in the browser against the real
 * local stack (spec sections 2, 4, 5, 7, 8): creates a partner and an
 * announcer of it, checks the announcer in, pays the partner through the
 * two-step dialog and sees the balance drop live; axe on each screen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openScreen(page: Page, admin: StaffUser, path: string, title: string) {
  await page.goto(`/v1/admin/${admin.id}/${path}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** An approving payee number no other test uses (simulator: other trailing digits approve). */
const aPayeeNumber = () => `088${randomInt(1_000_000, 9_999_999)}`;

const rowOf = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

describe('partners and announcers in the admin portal', () => {
  it('creates a partner and an announcer of it, checks the announcer in, and pays the partner with the balance dropping live', async () => {
    const admin = await aSuperAdmin();
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInAtAdminLogin(page, admin);

      // ── create the partner (UI) ──
      const partnerName = `E2E Radio ${randomUUID().slice(0, 6)}`;
      const partnerCode = uniqueCode('E2E');
      await openScreen(page, admin, 'create-partner', 'Create Partner');
      const partnerForm = page.getByRole('region', { name: 'New partner' });
      await partnerForm.getByRole('textbox', { name: 'Username' }).fill(partnerName);
      await partnerForm.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('e2e-partner'));
      await partnerForm.getByLabel(/^Password/).fill('e2e-partner-pass');
      await partnerForm.getByRole('textbox', { name: 'Mobile Money Number' }).fill(aPayeeNumber());
      await partnerForm.getByRole('textbox', { name: 'Search String' }).fill(partnerCode);
      await partnerForm.getByRole('button', { name: 'Create Partner' }).click();
      await page.getByText(messages.partner.created).waitFor();
      expect(await partnerForm.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('');
      // Partner Management below lists it live
      await rowOf(page.getByRole('region', { name: 'Partner Management' }), partnerCode).waitFor();

      // ── create an announcer assigned to it (UI) ──
      await openScreen(page, admin, 'create-announcer', 'Create Announcer');
      const announcerForm = page.getByRole('region', { name: 'New announcer' });
      const partnerSelect = announcerForm.getByRole('combobox', { name: 'Assign a Partner' });
      await partnerSelect.locator(`option[value="${partnerCode}"]`).waitFor({ state: 'attached' });
      expect(await partnerSelect.locator(`option[value="${partnerCode}"]`).textContent()).toBe(partnerName);
      // a partner another admin creates now appears in the open dropdown without a reload
      const other = await aPartner();
      await partnerSelect.locator(`option[value="${other.SearchString}"]`).waitFor({ state: 'attached' });

      const announcerName = `E2E DJ ${randomUUID().slice(0, 6)}`;
      await announcerForm.getByRole('textbox', { name: 'Username' }).fill(announcerName);
      await announcerForm.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('e2e-announcer'));
      await announcerForm.getByRole('textbox', { name: 'Mobile Money Number' }).fill(aPayeeNumber());
      await announcerForm.getByLabel(/^Password/).fill('e2e-announcer-pass');
      await announcerForm.getByRole('textbox', { name: 'Search String' }).fill(uniqueCode('DJ'));
      await partnerSelect.selectOption(partnerCode);
      await announcerForm.getByRole('button', { name: 'Create Announcer' }).click();
      await page.getByText(messages.announcer.created).waitFor();

      // ── check it in (UI); the list follows the topic ──
      const announcers = page.getByRole('region', { name: 'Announcers' });
      const announcerRow = rowOf(announcers, announcerName);
      await announcerRow.getByText('Not Checked In').waitFor();
      expect(await announcerRow.getByRole('cell').nth(1).textContent()).toBe(partnerCode);
      await announcerRow.getByRole('button', { name: `Check In ${announcerName}` }).click();
      await page.getByText(`${messages.announcer.checkedIn} ${announcerName}`).waitFor();
      await announcerRow.getByRole('button', { name: `Check Out ${announcerName}` }).waitFor();
      expect(await announcerRow.getByText('Checked In', { exact: true }).isVisible()).toBe(true);

      // ── a balance arrives live, then the partner is paid through the two-step dialog ──
      await openScreen(page, admin, 'list-partners', 'Partner Management');
      const partnerRow = rowOf(page, partnerCode);
      await partnerRow.getByText('L$ 0.00').waitFor();
      const partner = await findPartnerBySearchString(partnerCode);
      expect(partner).toBeDefined();
      await aBalance(partner!.id, 'partner', 7050, randomUUID(), 'E2E Friday Draw');
      await partnerRow.getByText('L$ 70.50').waitFor();

      await partnerRow.getByRole('button', { name: `Pay ${partnerName}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'E2E Friday Draw' }).fill('20.50');
      await dialog.getByRole('button', { name: 'Next' }).click();
      expect(await dialog.getByRole('row').allInnerTexts()).toEqual([
        'Promotion\tAmount',
        'E2E Friday Draw\tL$ 20.50',
        'Total\tL$ 20.50',
      ]);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // the API answers the transfer pending: the dialog says it is on its way, and "successful" only once the provider paid it (live)
      await dialog.getByText(`${messages.payout.waiting} L$ 20.50 to ${partnerName}`).waitFor();
      await dialog.getByText(`${messages.partner.paid} L$ 20.50 to ${partnerName}`).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await partnerRow.getByText('L$ 50.00').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('axe on the partner and announcer screens', () => {
  let admin: StaffUser;
  let partnerName: string;
  let announcerName: string;
  // one page the admin signed into once; each screen is then loaded by its address
  let signedInPage: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    admin = await aSuperAdmin();
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const announcer = await anAnnouncer(partner, { mobile_money_number: aPayeeNumber() });
    // both have something to pay: Pay is off at nothing to pay
    await Promise.all([
      aBalance(announcer.ID, 'announcer', 1250, randomUUID(), 'Axe Promo'),
      aBalance(partner.ID, 'partner', 7050, randomUUID(), 'Axe Promo'),
    ]);
    partnerName = partner.Username;
    announcerName = announcer.Username;
    signedInPage = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    await signInAtAdminLogin(signedInPage.page, admin);
  });
  afterAll(async () => {
    await signedInPage?.context.close();
  });

  async function checkScreen(path: string, title: string, ready: (page: Page) => Promise<void>) {
    const { page } = signedInPage;
    await openScreen(page, admin, path, title);
    await ready(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  }

  it('list-partners, with the payment dialog open too', async () => {
    await checkScreen('list-partners', 'Partner Management', async (page) => {
      await rowOf(page, partnerName).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: `Pay ${partnerName}` }).click();
      await page.getByRole('dialog').waitFor();
    });
  });

  it('create-partner', async () => {
    await checkScreen('create-partner', 'Create Partner', async (page) => {
      await rowOf(page, partnerName).waitFor();
    });
  });

  it('create-announcer', async () => {
    await checkScreen('create-announcer', 'Create Announcer', async (page) => {
      await rowOf(page, announcerName).waitFor();
      await page
        .getByRole('combobox', { name: 'Assign a Partner' })
        .locator('option', { hasText: partnerName })
        .waitFor({ state: 'attached' });
    });
  });

  it('list-announcer, with the payment dialog at its confirm step open too', async () => {
    await checkScreen('list-announcer', "Announcers' List", async (page) => {
      await rowOf(page, announcerName).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.getByRole('button', { name: `Make Payment to ${announcerName}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Pay Full Balance' }).click();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).waitFor();
    });
  });
});
