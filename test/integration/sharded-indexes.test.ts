import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHARDS, shard } from '@shared/capacity';
import { providerFor } from '../../functions/integrations/providers';
import {
  type Entry,
  getEntry,
  pendingEntriesBefore,
  putPendingEntry,
  reconcilePayments,
} from '../../functions/modules/entries';
import { hashCallbackSecret } from '../../functions/platform/callback-secret';
import { getConnection, saveConnection, sweepConnections } from '../../functions/modules/live';
import { attemptSms, dueSmsIds, getSms, oweSms, smsIdOf } from '../../functions/modules/messages';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPlayerNumber, aPromotionToDraw, aUniquePlayerNumber, waitForSimulatorStatus } from '../support/play';
import { backdateEntry, storedConnection } from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

/**
 * The index keys written once per entry are spread over shards (DESIGN
 * section 10, shared/capacity.ts): reconciliation, the SMS retry job and the
 * connection sweep still find what landed in every shard.
 */

/** Ids made by `next` until every one of `count` shards holds one: the first found for each. */
function onePerShard(count: number, next: () => string): string[] {
  const found = new Map<number, string>();
  while (found.size < count) {
    const id = next();
    if (!found.has(shard(id, count))) found.set(shard(id, count), id);
  }
  return [...found.values()];
}

/**
 * A pending entry under `id` whose payment the provider approved and never called back about (a "silent" number),
 * requested at the simulator under that id as the payment prompt requests it.
 */
async function aSilentPayment(id: string, target: { assignmentId: string; promotionId: string; partnerId: string }) {
  const msisdn = await aPlayerNumber('silent');
  const now = new Date().toISOString();
  const entry: Entry = {
    id,
    ...target,
    game: 'partner',
    msisdn,
    currency: 'LRD',
    amountCents: 10_000,
    rateMilli: 190_000,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: hashCallbackSecret(randomUUID()),
    promptSentAt: now,
    createdAt: now,
  };
  await putPendingEntry(entry);
  await (await providerFor(msisdn)).requestToPay({
    referenceId: id,
    msisdn,
    amountCents: entry.amountCents,
    currency: 'LRD',
    externalId: id,
    payerMessage: 'entry',
    payeeNote: id,
    callbackUrl: `${sharedStack().baseUrl}/api/v1/webhooks/momo/${id}/none`,
  });
}

describe('payments pending in every shard of the pending-payments index', () => {
  it('reconciliation reads every shard: each pending payment is found, asked about and settled', async () => {
    const { user, client } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const { promotion, assignmentId } = await aPromotionToDraw(client, user.id, partner);
    const target = { assignmentId, promotionId: promotion.ID, partnerId: partner.ID };
    // one entry in each shard (an entry's shard follows its id)
    const ids = onePerShard(SHARDS.pendingPayments, randomUUID);
    await Promise.all(ids.map((id) => aSilentPayment(id, target)));
    await Promise.all(ids.map((id) => waitForSimulatorStatus(id, 'SUCCESSFUL', 30_000)));
    expect(await pendingEntriesBefore(new Date(), 100_000)).toEqual(expect.arrayContaining(ids));

    // the scheduled job, once the payments have been pending a minute and a bit
    await Promise.all(ids.map((id) => backdateEntry(id, 61_000)));
    await reconcilePayments(new Date());
    for (const id of ids) {
      const entry = await getEntry(id);
      // settled, or confirmed and queued for a settlement another run finishes
      expect(entry?.status === 'paid' || entry?.confirmedAt !== undefined, id).toBe(true);
    }
  }, 120_000);
});

describe('SMS owed in every shard of the due index', () => {
  it('the retry job reads them all, oldest first over the shards, and sends each', async () => {
    // owed far ahead, so no other test's retry run takes them: they are the last due of all, in owed order
    const owedFrom = Date.parse('2099-01-01T00:00:00Z');
    const ids = onePerShard(SHARDS.smsDue, () => smsIdOf('ticket', randomUUID()));
    const to = aUniquePlayerNumber();
    for (const [i, id] of ids.entries()) {
      const sms = { id, purpose: 'ticket' as const, ref: id.slice('ticket-'.length), to, text: `Ticket ${i}` };
      expect(await oweSms(sms, new Date(owedFrom + i * 1_000))).toBe(true);
    }
    const now = new Date(owedFrom + 60_000);
    const due = await dueSmsIds(now, 100_000);
    expect(due.slice(-ids.length)).toEqual(ids);

    for (const id of ids) {
      expect(await attemptSms(id, now)).toBe('sent');
      expect((await getSms(id))?.state).toBe('sent');
    }
  });
});

describe('sockets in every shard of the connections index', () => {
  it('the sweep deletes every connection API Gateway has closed (over 2 hours old), in every shard', async () => {
    // opened long ago, so no other test's socket is as old: the sweep at that time takes exactly these
    const openedAt = Date.parse('2001-01-01T00:00:00Z');
    const ids = onePerShard(SHARDS.connections, () => `sharded-${randomUUID()}`);
    const staff = { sessionKey: `sweep-${randomUUID()}`, userId: `sweep-${randomUUID()}` };
    for (const [i, connectionId] of ids.entries())
      await saveConnection({ connectionId, ...staff, connectedAt: openedAt + i });
    // a player's page socket of the same age is in no index (each write of its record would rewrite an entry there)
    const anonymous = `anonymous-${randomUUID()}`;
    await saveConnection({ connectionId: anonymous, connectedAt: openedAt });

    const result = await sweepConnections(new Date(openedAt + 2 * 60 * 60_000 + 60_000));
    expect(result).toEqual({ deleted: ids.length });
    for (const id of ids) expect(await getConnection(id)).toBeUndefined();
    // left to its TTL, due when API Gateway has closed it
    const record = await storedConnection(anonymous);
    expect(record).toMatchObject({ expiresAt: Math.floor((openedAt + 2 * 60 * 60_000) / 1000) });
    expect(record).not.toHaveProperty('gsi1pk');
  });
});
