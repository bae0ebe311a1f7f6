import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { aPlayerNumber } from '../support/play';
import { launchBrowser, openPage, PHONE, visit } from './support/browser';

/**
 * Players are pushed, not polled (issue 32), counted in Chromium against the
 * local stack: from "Pay and enter" to the ticket, one web entry makes 2
 * requests — its submit and the connect of a socket naming the entry, which
 * sends no frame — and asks for its status by HTTP never while its socket is
 * up (the page polled every 2 s before: about 15 requests an entry; a
 * subscribe frame made it 3).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ENTRY_ADDRESS = /\/daily-draw\/entry\/([^/]+)$/;

describe('a web entry, counted', () => {
  it('goes from submit to ticket with 2 requests, and no status poll while its socket is up', async () => {
    // the MTN simulator approves this number's payment after about a second (README simulator table, 000100)
    const mobile = await aPlayerNumber('approve');
    const { context, page } = await openPage(browser, PHONE);
    try {
      await visit(page, '/daily-draw');
      await page.getByLabel('Mobile money number').fill(`0${mobile.slice(3)}`);
      await page.getByLabel('Amount').selectOption('100.00|LRD');
      await page.getByLabel(messages.entryForm.adultLabel).check();

      // from the submit on: every request to the API, every socket and every frame the page sends
      const requests: Array<{ method: string; path: string; at: number }> = [];
      const sockets: Array<{
        url: string;
        openedAt: number;
        sent: Array<{ payload: string; at: number }>;
        closedAt?: number;
      }> = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/'))
          requests.push({ method: request.method(), path: url.pathname, at: Date.now() });
      });
      page.on('websocket', (ws) => {
        const socket: (typeof sockets)[number] = { url: ws.url(), openedAt: Date.now(), sent: [] };
        sockets.push(socket);
        ws.on('framesent', (frame) => socket.sent.push({ payload: String(frame.payload), at: Date.now() }));
        ws.on('close', () => {
          socket.closedAt = Date.now();
        });
      });

      await page.getByRole('button', { name: 'Pay and enter' }).click();
      await page.waitForURL(ENTRY_ADDRESS);
      const entryId = ENTRY_ADDRESS.exec(new URL(page.url()).pathname)![1]!;
      const paid = page.locator('.entry-result [role="status"] [data-entry-phase="paid"]');
      await paid.waitFor({ state: 'visible', timeout: 45_000 });
      expect(await paid.innerText()).toMatch(/\S/);

      const frames = sockets.flatMap((socket) => socket.sent);
      console.info(
        `one web entry: ${requests.length} HTTP request(s) ${JSON.stringify(requests.map((r) => `${r.method} ${r.path}`))}, ` +
          `${sockets.length} socket(s), ${frames.length} frame(s) sent ${JSON.stringify(frames.map((f) => f.payload))}`,
      );
      expect(requests.filter((r) => r.method === 'POST')).toEqual([
        expect.objectContaining({ path: '/api/v1/daily-draw/entry' }),
      ]);
      expect(sockets).toHaveLength(1);
      // the socket names its entry when it connects: the server watches it and sends its status unasked, no frame
      const address = new URL(sockets[0]!.url);
      expect(address.pathname).toBe('/ws');
      expect(address.searchParams.get('entry')).toBe(entryId);
      expect(frames).toEqual([]);
      expect(requests.length + sockets.length + frames.length).toBe(2);
      // the socket is up from its connect until it closes: no status asked by HTTP meanwhile
      const upFrom = sockets[0]!.openedAt;
      const upUntil = sockets[0]!.closedAt ?? Number.POSITIVE_INFINITY;
      const polls = requests.filter((r) => r.path.startsWith('/api/v1/entries/'));
      expect(polls.filter((r) => r.at >= upFrom && r.at <= upUntil)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
