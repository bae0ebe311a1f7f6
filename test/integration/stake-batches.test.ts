import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import type { ReportLinesResponse } from '@shared/api/schemas/reports';
import { formatMoney } from '@shared/money';
import { type Entry, getEntry, putPendingEntry, settleConfirmedEntries } from '../../functions/modules/entries';
import { gameLedgerLinesBetween, stakeLine, type StoredGameLedgerLine } from '../../functions/modules/ledger';
import { hashCallbackSecret } from '../../functions/platform/callback-secret';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPlayerNumber, aPromotionToDraw } from '../support/play';
import { aLoneStakeIn, slipIntoGameLedger, storedStakeItemsOf } from '../support/stored-state';

/**
 * A settlement batch books its entries' stakes in ONE game-ledger item (DESIGN section 10), and everything
 * that reads the game ledger still sees one stake line per entry (DESIGN section 4 "Tax"). The batch is
 * settled on a day of its own, far ahead, so the day's stake partitions hold this file's lines only.
 */

const USD_RATE_MILLI = 190_000;
const CURRENCIES = ['LRD', 'USD', 'LRD', 'USD', 'LRD'] as const;
const PAID = new Date(Date.UTC(2093, 0, 1 + randomInt(365), 10, 0, 0, randomInt(1000)));
const DAY = PAID.toISOString().slice(0, 10);
const DAY_SPAN = {
  from: `${DAY}T00:00:00.000Z`,
  to: new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000).toISOString(),
};

let adminId: string;
let adminClient: ApiClient;
let target: { assignmentId: string; promotionId: string; partnerId: string };
let paid: Entry[];

const lrdValueOf = (entry: Entry) =>
  entry.currency === 'LRD' ? entry.amountCents : Math.floor((entry.amountCents * entry.rateMilli) / 1000);
/** The entry's stake line as the game ledger books it (its LRD value at the entry's own rate). */
const lineOf = (entry: Entry) => stakeLine(entry, entry.paidAt!, lrdValueOf(entry));
/** That line as the ledger reads it back: with its id. */
const stakeOf = (entry: Entry): StoredGameLedgerLine => ({ id: `${entry.paidAt}#stake#${entry.id}`, ...lineOf(entry) });

/** A pending entry of the promotion, written as startEntry writes it (its payment awaits a callback that never comes). */
async function aPendingEntry(id: string, currency: 'LRD' | 'USD'): Promise<Entry> {
  const entry: Entry = {
    id,
    ...target,
    game: 'partner',
    msisdn: await aPlayerNumber('silent'),
    currency,
    amountCents: currency === 'LRD' ? 10_000 : 50,
    rateMilli: USD_RATE_MILLI,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: hashCallbackSecret(randomBytes(24).toString('base64url')),
    promptSentAt: PAID.toISOString(),
    createdAt: PAID.toISOString(),
  };
  await putPendingEntry(entry);
  return entry;
}

/** Every stake line of the day that a figure (this promotion, one currency) sums, `limit` a page. */
async function reportLinePages(currency: 'LRD' | 'USD', limit: number) {
  const pages: ReportLinesResponse['items'][] = [];
  let cursor: string | undefined;
  do {
    const params = { period: 'day', value: DAY, figure: 'stakes', scope: 'game', key: target.promotionId, currency };
    const query = new URLSearchParams({ ...params, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await adminClient.request<ReportLinesResponse>(
      'GET',
      `${pathOf(routes.reportLines, { id: adminId })}?${query}`,
    );
    expect(response.status, response.text).toBe(200);
    pages.push(response.body.items);
    cursor = response.body.cursor ?? undefined;
    // a page that gives back lines already given would page on for ever
  } while (cursor && pages.length < 20);
  expect(cursor, 'pages on past 20 pages').toBeUndefined();
  return pages;
}

/** The day's game-ledger lines of these refs, in the order the ledger reads them. */
const dayLinesOf = async (refs: readonly string[]) =>
  (await gameLedgerLinesBetween(DAY_SPAN.from, DAY_SPAN.to)).filter((line) => refs.includes(line.ref));

beforeAll(async () => {
  const { user, client } = await fixtureSuperAdmin();
  adminId = user.id;
  adminClient = client;
  const partner = await aPartner();
  const { promotion, assignmentId } = await aPromotionToDraw(
    client,
    user.id,
    partner,
    { threshold: 100, starting_threshold: 50, announcer_percentage: 6 },
    { promotion_prize_lrd: '100.00', promotion_prize_usd: '0.50' },
  );
  target = { assignmentId, promotionId: promotion.ID, partnerId: partner.ID };
  // confirmed one after another, the later ids first: the batch holds its entries in the reverse of their ids' order
  const ids = CURRENCIES.map(() => randomUUID()).sort((a, b) => (a < b ? 1 : -1));
  const pending: Entry[] = [];
  for (const [i, currency] of CURRENCIES.entries()) {
    const confirmedAt = new Date(PAID.getTime() - 1000 + i).toISOString();
    pending.push({ ...(await aPendingEntry(ids[i]!, currency)), confirmedAt });
  }
  // settled together, as the stream hands confirmations over: one batch, one transaction
  expect((await settleConfirmedEntries(pending, PAID)).paid).toHaveLength(pending.length);
  paid = (await Promise.all(pending.map((entry) => getEntry(entry.id)))).map((entry) => entry!);
  paid.sort((a, b) => a.seq! - b.seq!);
  expect(paid.map((entry) => entry.id)).toEqual(ids);
}, 120_000);

describe('a settlement batch’s stakes in the game ledger', () => {
  it('books a batch of LRD and USD entries as one item, read back as one stake line per entry with its own amounts', async () => {
    expect(paid.every((entry) => entry.status === 'paid' && entry.paidAt === PAID.toISOString())).toBe(true);
    const refs = paid.map((entry) => entry.id);
    const stored = (await storedStakeItemsOf(DAY)).filter((item) => JSON.stringify(item).includes(target.promotionId));
    expect(stored).toEqual([
      expect.objectContaining({ sk: `${PAID.toISOString()}#stakes#${refs[0]}`, stakes: expect.any(Array) }),
    ]);
    expect(stored[0]!.stakes).toHaveLength(paid.length);

    const lines = await dayLinesOf(refs);
    expect([...lines].sort(byRef)).toEqual(paid.map(stakeOf).sort(byRef));
    expect(lines.find((line) => line.currency === 'USD')).toMatchObject({
      amountCents: 50,
      valueLrdCents: 9_500,
      rateMilli: USD_RATE_MILLI,
    });
    // as a partition's lines always read: in order of their ids, not the batch's
    expect(lines.map((line) => line.id)).toEqual(lines.map((line) => line.id).sort());
  });

  it('pages the report’s stake lines through the batch’s item: every line once, whatever the page size', async () => {
    for (const currency of ['LRD', 'USD'] as const) {
      const want = paid.filter((entry) => entry.currency === currency);
      for (const limit of [1, 2]) {
        const pages = await reportLinePages(currency, limit);
        expect(pages.every((page) => page.length <= limit)).toBe(true);
        // a page ended inside the batch's item: the next went on from the line after its last
        expect(pages.length).toBe(Math.ceil(want.length / limit));
        const listed = pages.flat();
        expect(listed.map((line) => line.id).sort()).toEqual(want.map((entry) => entry.id).sort());
        for (const line of listed) {
          const entry = want.find((e) => e.id === line.id)!;
          expect(line).toMatchObject({ line: stakeOf(entry).id, amount: formatMoney(entry.amountCents) });
        }
      }
    }
  });

  it('still reads a stake stored alone (as every stake was before), beside a batch’s item of the same moment', async () => {
    const [batchItem] = (await storedStakeItemsOf(DAY)).filter((item) => String(item.sk).includes('#stakes#'));
    const refs = paid.map((entry) => entry.id).sort();
    // its id sorts among the batch's lines, in the same partition and millisecond: the reads interleave them
    const anLrdEntry = paid.find((entry) => entry.currency === 'LRD')!;
    const lone = aLoneStakeIn(String(batchItem!.pk), lineOf(anLrdEntry), (ref) => ref > refs[0]! && ref < refs.at(-1)!);
    await slipIntoGameLedger(lone);

    const lines = await dayLinesOf([...refs, lone.ref]);
    expect(lines).toContainEqual({ id: `${lone.at}#stake#${lone.ref}`, ...lone });
    expect(lines).toHaveLength(refs.length + 1);
    expect(lines.map((line) => line.id)).toEqual(lines.map((line) => line.id).sort());

    const want = [...paid.filter((entry) => entry.currency === 'LRD').map((entry) => entry.id), lone.ref].sort();
    for (const limit of [1, 2, 3]) {
      const listed = (await reportLinePages('LRD', limit)).flat();
      expect(listed.map((line) => line.id).sort(), `limit ${limit}`).toEqual(want);
    }
  });
});

const byRef = (a: { ref: string }, b: { ref: string }) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0);
