import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { PublicHouseGames } from '@shared/api/schemas/play';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import {
  axeViolations,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  visit,
} from './support/browser';

/**
 * Issue 35 on a 360 px phone: the menu is the players' (results, how to
 * play, fair draws, the ticket check; staff logins in the footer) and its
 * USSD button dials; the pages show bars, not "Prize: … LRD", while the
 * settings load; and at a draw's moment the countdown says "drawing now"
 * and then links the result, never "in 23:59:33".
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUSE_GAMES = '**/api/v1/public/house-games';

async function expectAxeClean(page: Page) {
  expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
}

describe("the players' menu", () => {
  it('offers Results, How to Play, Fair draws and the ticket check; staff logins are in the footer; the USSD button dials', async () => {
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/winners');
      const ussd = page.getByRole('banner').getByRole('link', { name: /\*384\*2024#/ });
      expect(await ussd.getAttribute('href')).toBe('tel:*384*2024%23');

      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Results', 'How to Play', 'Fair draws', 'Check a ticket', 'My tickets'])
        expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: /login|Software Engineering/ }).count()).toBe(0);
      await expectAxeClean(page);

      const footer = page.getByRole('navigation', { name: 'Footer' });
      for (const name of ['Announcer login', 'Partner login', 'Admin login', 'Software Engineering Services'])
        expect(await footer.getByRole('link', { name }).count()).toBe(1);

      // the ticket check: the home page's, scrolled to and focused
      await menu.getByRole('link', { name: 'Check a ticket' }).click();
      await page.waitForURL('**/#check-ticket');
      const check = page.locator('#check-ticket');
      await expect.poll(() => check.evaluate((section) => document.activeElement === section)).toBe(true);
      const box = (await check.boundingBox())!;
      expect(box.y).toBeLessThan(PHONE.viewport.height);
      expect(box.y + box.height).toBeGreaterThan(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('while the settings load', () => {
  it('shows bars where the prize, times and ticket rule will be, never "…" in a sentence; axe clean', async () => {
    const { context, page } = await openPage(browser, PHONE);
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    await page.route(HOUSE_GAMES, async (route) => {
      await released;
      await route.continue();
    });
    try {
      // the parts read from the settings: a game page's facts (its entry form has its own options), How to Play,
      // the home page's prize cards (its hero names the top prize on its own)
      for (const [path, part] of [
        ['/daily-draw', '.facts'],
        ['/how-to-play', 'main'],
        ['/', '.prizes'],
      ] as const) {
        await visit(page, path);
        await page.locator('main .skeleton').first().waitFor();
        const text = await page.locator(part).innerText();
        expect(text).not.toContain('…');
        expect(text).not.toMatch(/Prize: |the day's .* GMT draw|\d LRD/);
        expect(await page.locator('main [aria-busy="true"]').count()).toBeGreaterThan(0);
      }
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
      // axe with the bars shown (its run waits for nothing: the page is as a slow phone shows it)
      await expectAxeClean(page);

      release();
      await visit(page, '/daily-draw');
      await page
        .getByTestId('game-prize')
        .filter({ hasText: /^Prize: [\d,]+\.\d\d LRD/ })
        .waitFor();
      expect(await page.locator('main .skeleton').count()).toBe(0);
    } finally {
      release();
      await context.close();
    }
  });
});

describe('the draw moment', () => {
  let drawId: string;
  beforeAll(async () => {
    const [admin, partner] = await Promise.all([aSuperAdmin(), aPartner()]);
    const adminClient = await signedIn(admin);
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 2, threshold: 2 });
    await paidEntriesByCode(promotion.sharedCode, 2);
    const drawn = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString });
    if (drawn.status !== 200) throw new Error(drawn.text);
    drawId = drawn.body.winner.draw_id;
  });

  it('says "drawing now" from the moment until the draw is made, then links its result beside the next countdown', async () => {
    const { context, page } = await openPage(browser, PHONE, { reducedMotion: 'reduce' });
    // the page's clock runs from now; the daily draw's moment is set 10 s ahead. The stack's answer is served with
    // its draw times moved as the schedule moves them: before the moment, after it while drawing, once drawn
    const start = Date.now();
    // a draw moment is on the minute of the game's draw time
    const moment = Math.ceil((start + 10_000) / 60_000) * 60_000;
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    let phase: 'before' | 'drawing' | 'drawn' = 'before';
    const served = { before: 0, drawing: 0, drawn: 0 };
    await page.route(HOUSE_GAMES, async (route: Route) => {
      served[phase] += 1;
      const response = await route.fetch();
      const games = (await response.json()) as PublicHouseGames;
      const times: Record<typeof phase, [number, number, string | null]> = {
        before: [moment, moment - day, drawId],
        drawing: [moment + day, moment, null],
        drawn: [moment + day, moment, drawId],
      };
      const [next, last, lastId] = times[phase];
      games.daily = {
        ...games.daily,
        draw_time: iso(moment).slice(11, 16),
        next_draw_at: iso(next),
        last_draw_at: iso(last),
        last_draw_id: lastId,
      };
      await route.fulfill({ response, json: games });
    });
    await page.clock.install({ time: start });
    const countdown = page.locator('main [data-testid="countdown"]');
    const timer = countdown.getByRole('timer');
    const seen: string[] = [];
    const shown = async () => {
      const text = (await timer.textContent())!;
      seen.push(text);
      return text;
    };
    try {
      await visit(page, '/daily-draw');
      await expect.poll(shown).toMatch(/^\(in 00:0[01]:\d\d\)$/);
      expect(await countdown.getByRole('link').getAttribute('href')).toBe(`/draws/${drawId}`);

      // the moment passes: drawing now, no link
      await page.clock.runFor(moment - start + 1_000);
      await expect.poll(shown).toBe('(drawing now)');
      expect(await countdown.getAttribute('data-target')).toBe(iso(moment));
      expect(await countdown.getByRole('link').count()).toBe(0);

      // the page asks again (every 30 s): the answer names tomorrow's moment, the draw is not made yet
      phase = 'drawing';
      await page.clock.runFor(30_000);
      await expect.poll(() => served.drawing).toBeGreaterThan(0);
      await page.clock.runFor(1_000); // a tick drawn with that answer
      expect(await countdown.getAttribute('data-target')).toBe(iso(moment));
      expect(await shown()).toBe('(drawing now)');
      await pageSettled(page);
      await expectAxeClean(page);

      // made: its result linked, and the next draw's countdown
      phase = 'drawn';
      await page.clock.runFor(30_000);
      const result = countdown.getByRole('link', { name: "See the last draw's result" });
      await result.waitFor();
      expect(await countdown.getAttribute('data-target')).toBe(iso(moment + day));
      expect(await shown()).toMatch(/^\(in 23:5\d:\d\d\)$/);
      expect(seen.filter((text) => /in 23:/.test(text))).toHaveLength(1);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
      await expectAxeClean(page);
      await result.click();
      await page.getByRole('heading', { level: 1, name: 'Draw record' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/draws/${drawId}`);
    } finally {
      await context.close();
    }
  });
});
