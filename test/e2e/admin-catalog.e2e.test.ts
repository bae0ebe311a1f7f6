import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { aPromotion, aSharedCode, assignmentTerms } from '../support/catalog';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  pageSettled,
  seriousOrCritical,
  signInAtAdminLogin,
  visit,
} from './support/browser';

/**
 * The Promotions and Predictions tabs against the real local stack:
 * a super admin creates a promotion, assigns a partner to it and watches the
 * live list; creates categories and predictions, filters, edits and deletes.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInAsSuperAdmin(page: Page) {
  const admin = await aSuperAdmin();
  await signInAtAdminLogin(page, admin);
  return admin;
}

/** A toast (or any text) with exactly this message has appeared. */
const toastSays = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function expectNoSeriousViolations(page: Page) {
  expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
}

describe('Promotions tab', () => {
  it('creates a promotion, assigns a partner to it, sees it grouped live under the partner and edits its threshold', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    try {
      // the partner is made while the admin signs in
      const [partner, admin] = await Promise.all([aPartner(), signInAsSuperAdmin(page)]);

      // Create Promotion
      await visit(page, `/v1/admin/${admin.id}/create-promotion`);
      await expectNoSeriousViolations(page);
      const title = `Promo ${randomUUID().slice(0, 8)}`;
      const form = page.getByRole('form', { name: 'New promotion' });
      await form.getByRole('button', { name: 'Create Promotion' }).click();
      await toastSays(page, messages.validation.allRequiredFields);
      await form.getByLabel('Promotion title').fill(title);
      await form.getByLabel('Promotion prize (LRD)').fill('150');
      await form.getByLabel('Promotion prize (USD)').fill('0.75');
      await form.getByRole('button', { name: 'Create Promotion' }).click();
      await toastSays(page, messages.promotion.created);
      const row = page.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        title,
        'L$ 150.00',
        'US$ 0.75',
        '0',
        expect.stringContaining('Update'),
      ]);

      // Assign the partner to it
      await visit(page, `/v1/admin/${admin.id}/assign-partner-promotion`);
      await page.getByRole('heading', { level: 1, name: 'Partner Promotions' }).waitFor();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Assign Partner Promotion' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign Partner Promotion' });
      await dialog.getByLabel('Partner', { exact: true }).selectOption(partner.SearchString);
      await dialog.getByLabel('Promotion', { exact: true }).selectOption({ label: title });
      await dialog.getByLabel('Partner percentage').fill('150');
      await dialog.getByLabel('Announcer percentage').fill('5');
      const sharedCode = aSharedCode();
      await dialog.getByLabel('Shared code').fill(sharedCode);
      await dialog.getByLabel('USSD server').selectOption('orange');
      await dialog.getByLabel('Threshold', { exact: true }).fill('40');
      await dialog.getByLabel('Starting threshold').fill('10');
      await dialog.getByLabel('Winner amount (LRD)').fill('2500');
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await toastSays(page, messages.validation.percentageRange);
      await dialog.getByLabel('Partner percentage').fill('12.5');
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await toastSays(page, messages.assignment.assigned);
      await dialog.waitFor({ state: 'detached' });

      const group = page.getByRole('region', { name: new RegExp(`^${partner.Username}`) });
      await group.getByTestId('promotion-count').filter({ hasText: '1 promotion' }).waitFor();
      const card = group.locator('li').filter({ hasText: title });
      await card.getByRole('button', { name: new RegExp(title) }).click();
      const field = (term: string) => card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
      expect(await field('Shared code').innerText()).toBe(sharedCode);
      expect(await field('Partner percentage').innerText()).toBe('12.5%');
      expect(await field('Server').innerText()).toBe('Orange Liberia');
      expect(await field('Winner amount').innerText()).toBe('L$ 2,500.00');

      // A change made elsewhere reaches the open list live: a second promotion for the same partner.
      const api = await signedIn(admin);
      const other = await aPromotion(api, admin.id);
      const assigned = await api.call(
        routes.assignPartnerPromotion,
        { id: admin.id },
        assignmentTerms({ searchString: partner.SearchString }, other.ID),
      );
      expect(assigned.status).toBe(201);
      await group.getByTestId('promotion-count').filter({ hasText: '2 promotions' }).waitFor();

      // Edit its threshold
      await card.getByRole('button', { name: 'Edit' }).click();
      const update = page.getByRole('dialog', { name: 'Update Partner Promotion' });
      expect(await update.getByLabel('Threshold', { exact: true }).inputValue()).toBe('40');
      await update.getByLabel('Threshold', { exact: true }).fill('77');
      await update.getByRole('button', { name: 'Update', exact: true }).click();
      await toastSays(page, messages.assignment.updated);
      await field('Threshold').filter({ hasText: /^77$/ }).waitFor();

      // Search by shared code keeps just this partner and promotion
      await page.getByRole('searchbox', { name: 'Search by partner, promotion or shared code' }).fill(sharedCode);
      await group.getByTestId('promotion-count').filter({ hasText: '1 of 2 promotions' }).waitFor();
      expect(await page.locator('.assignment-group').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('Predictions tab', () => {
  it('creates categories and predictions, filters by category, edits and deletes', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { reducedMotion: 'reduce' });
    try {
      const admin = await signInAsSuperAdmin(page);
      await visit(page, `/v1/admin/${admin.id}/predictions`);
      const form = page.getByRole('form', { name: 'Create Prediction' });
      // the screen's first load (its lazy chunk, the categories and predictions) can outlast an action's 15 s on a
      // loaded machine: wait for the screen itself before the first click
      await form.waitFor({ timeout: 60_000 });
      await pageSettled(page);
      const categorySelect = form.getByLabel('Category', { exact: true });
      const tag = randomUUID().slice(0, 8);

      async function newCategory(name: string): Promise<string> {
        await form.getByRole('button', { name: /^\+ New/ }).click();
        const dialog = page.getByRole('dialog', { name: 'New Category' });
        await dialog.getByLabel('Category name').fill(name);
        await dialog.getByRole('button', { name: 'Create Category' }).click();
        await dialog.waitFor({ state: 'detached' });
        return categorySelect.inputValue();
      }

      async function newPrediction(question: string, categoryId: string) {
        await form.getByLabel('Question').fill(question);
        await categorySelect.selectOption(categoryId);
        await form.getByLabel('Currency LRD').fill('100');
        await form.getByLabel('Currency USD').fill('0.5');
        await form.getByLabel('Odds yes').fill('1.85');
        await form.getByLabel('Odds no').fill('2.1');
        await form.getByRole('button', { name: 'Create Prediction' }).click();
        await toastSays(page, messages.prediction.created);
      }

      await form.getByRole('button', { name: /^\+ New/ }).click();
      await expectNoSeriousViolations(page);
      await page.getByRole('dialog', { name: 'New Category' }).getByRole('button', { name: 'Cancel' }).click();

      const sports = await newCategory(`Sports ${tag}`);
      await toastSays(page, messages.prediction.categoryCreated);
      const weather = await newCategory(`Weather ${tag}`);
      expect(sports).not.toBe('');
      expect(weather).not.toBe(sports);

      await form.getByRole('button', { name: 'Create Prediction' }).click();
      await toastSays(page, messages.validation.fillInAllFields);
      const match = `Will Bea Mountain win on ${tag}?`;
      const rain = `Will it rain in Monrovia on ${tag}?`;
      await newPrediction(match, sports);
      await newPrediction(rain, weather);

      const rowOf = (question: string) => page.getByRole('row').filter({ hasText: question });
      await rowOf(match).waitFor();
      await rowOf(rain).waitFor();
      await expectNoSeriousViolations(page);

      const filter = page.getByLabel('Filter by category');
      await filter.selectOption(sports);
      await rowOf(rain).waitFor({ state: 'detached' });
      expect(await rowOf(match).count()).toBe(1);
      await filter.selectOption(weather);
      await rowOf(match).waitFor({ state: 'detached' });
      expect(await rowOf(rain).count()).toBe(1);
      await filter.selectOption('');
      await rowOf(match).waitFor();

      // A working edit: the list shows the new odds live.
      await page.getByRole('button', { name: `Edit ${match}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Prediction' });
      expect(await edit.getByLabel('Question').inputValue()).toBe(match);
      await edit.getByLabel('Odds yes').fill('1.95');
      await edit.getByRole('button', { name: 'Save' }).click();
      await toastSays(page, messages.prediction.updated);
      await rowOf(match).getByRole('cell', { name: '1.95', exact: true }).waitFor();

      await page.getByRole('button', { name: `Delete ${rain}` }).click();
      await page.getByRole('dialog', { name: 'Delete Prediction' }).getByRole('button', { name: 'Delete' }).click();
      await toastSays(page, messages.prediction.deleted);
      await rowOf(rain).waitFor({ state: 'detached' });
      expect(await rowOf(match).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
