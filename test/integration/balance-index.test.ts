import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { topicNames } from '@shared/topics';
import { announcerRecord, getUser, partnerRecord } from '../../functions/modules/staff';
import { db } from '../../functions/platform/dynamo';
import { resolveTopic } from '../../functions/modules/live';
import { listBalances } from '../../functions/modules/payouts';
import { aBalance, anAnnouncer, aPartner } from '../support/fixtures';

/**
 * The admin partner and announcer lists show every user's balances
 * (spec section 3 "Partner (as listed)"). With 5,000 partners a read per
 * partner made each rebuild of the live list slow (DESIGN section 9: a
 * change reaches 500 dashboards within 1 s); the balances are read at once
 * through the BALANCES index (modules/payouts/store/balances.ts `balancesByRole`), amounts
 * by key, consistently. Requests are counted by watching the real client.
 */
const PARTNERS = 4;

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the live topic sends now: its one event's list. */
async function snapshotList<T>(topic: string, key: string): Promise<T[]> {
  const resolved = resolveTopic(topic)!;
  const [event] = await resolved.definition.snapshot(resolved.params, new Date());
  return (event!.data as Record<string, T[]>)[key]!;
}

/** The DynamoDB requests made while `work` runs, by the store's own client. */
async function requestsDuring(work: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const client = db();
  const seen: Array<Record<string, unknown>> = [];
  const send = client.send.bind(client);
  vi.spyOn(client, 'send').mockImplementation(((command: { input: Record<string, unknown> }, ...rest: unknown[]) => {
    seen.push(command.input);
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as never);
  await work();
  return seen;
}

/** A request that reads one user's own balance partition (the old read per user). */
const oneUsersBalances = (input: Record<string, unknown>) =>
  Object.values((input.ExpressionAttributeValues ?? {}) as Record<string, unknown>).includes('BALANCE#');

describe('the admin lists read every balance at once', () => {
  it('lists each partner with exactly its balances, with no read per partner', async () => {
    const partners = await Promise.all(Array.from({ length: PARTNERS }, () => aPartner()));
    const shared = randomUUID();
    for (const [i, partner] of partners.entries()) {
      await aBalance(partner.ID, 'partner', 1_000 + i, shared, 'Shared Promo');
      if (i % 2 === 0) await aBalance(partner.ID, 'partner', 50, randomUUID(), `Own Promo ${i}`);
    }

    let listed: PartnerRecord[] = [];
    const requests = await requestsDuring(async () => {
      listed = await snapshotList<PartnerRecord>(topicNames.adminPartners, 'Partners');
    });
    expect(requests.filter(oneUsersBalances)).toEqual([]);
    for (const partner of partners) {
      const expected = partnerRecord((await getUser(partner.ID))!, await listBalances(partner.ID));
      expect(listed.find((p) => p.ID === partner.ID)).toEqual(expected);
    }
    expect(listed.find((p) => p.ID === partners[0]!.ID)!.AccountBalance).toEqual({
      'Shared Promo': '10.00',
      'Own Promo 0': '0.50',
    });
  });

  it('lists each announcer with exactly its balances, with no read per announcer', async () => {
    const partner = await aPartner();
    const announcers = await Promise.all(Array.from({ length: PARTNERS }, () => anAnnouncer(partner)));
    for (const [i, announcer] of announcers.entries())
      await aBalance(announcer.ID, 'announcer', 200 + i, randomUUID(), `Show ${i}`);

    let listed: AnnouncerRecord[] = [];
    const requests = await requestsDuring(async () => {
      listed = await snapshotList<AnnouncerRecord>(topicNames.adminAnnouncers, 'Announcers');
    });
    expect(requests.filter(oneUsersBalances)).toEqual([]);
    for (const announcer of announcers) {
      const expected = announcerRecord(
        (await getUser(announcer.ID))!,
        partner.SearchString,
        await listBalances(announcer.ID),
      );
      expect(listed.find((a) => a.ID === announcer.ID)).toEqual(expected);
    }
  });
});
