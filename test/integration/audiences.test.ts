import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { topicNames } from '@shared/topics';
import {
  addSubscription,
  audiencesOf,
  getConnection,
  partnerAnnouncersGroup,
  resolveTopic,
  saveConnection,
  subscribedTopicsGroup,
} from '../../functions/modules/live';
import { eventually } from '../support/eventually';
import { anAnnouncer, aPartner } from '../support/fixtures';
import { aReaderOf, aSessionKeyOf } from '../support/sessions';
import { setStaffUser } from '../support/stored-state';

type Connection = Parameters<typeof saveConnection>[0];
/** Every watcher this file saved, to put back one that went (below). */
const saved = new Map<string, { connection: Connection; topics: string[] }>();

async function watch(connection: Connection, topics: string[]): Promise<void> {
  await saveConnection(connection);
  for (const topic of topics) await addSubscription(connection, topic, resolveTopic(topic)!.definition.pattern);
}

/** A connection of a live session of a user who may read `topics`, watching them (as the ws handler subscribes it). */
async function aWatcher(...topics: string[]): Promise<string> {
  const user = await aReaderOf(topics[0]!);
  const sessionKey = await aSessionKeyOf(user);
  const connection = { connectionId: `watcher-${randomUUID()}`, sessionKey, userId: user.id, connectedAt: Date.now() };
  await watch(connection, topics);
  saved.set(connection.connectionId, { connection, topics });
  return connection.connectionId;
}

/**
 * The audience of `names` while every watcher above is in place. A stored connection with no socket
 * behind it is removed whenever the gateway answers 410 for it — a fan-out of some other test's change,
 * or the sweep job — so one that went is put back, and the audience read again until none went during
 * the read.
 */
async function audiencesWithWatchers(names: string[]): ReturnType<typeof audiencesOf> {
  const ids = [...saved.keys()];
  for (let attempt = 0; ; attempt += 1) {
    for (const [id, { connection, topics }] of saved)
      if ((await getConnection(id)) === undefined) await watch(connection, topics);
    const audiences = await audiencesOf(names);
    const still = await Promise.all(ids.map((id) => getConnection(id)));
    if (still.every((connection) => connection !== undefined) || attempt === 5) return audiences;
  }
}

/**
 * Readers of `topics` whose changes the fan-out has already passed. A new partner or announcer is a
 * change to its own dashboard, and a fan-out arriving after a watcher above (a stored connection with
 * no socket behind it) is saved finds it gone (410) and removes it. So: a probe watcher on each topic,
 * then a change of each reader that its dashboard's fan-out must carry (a partner's payout number, an
 * announcer's check-in; a field no dashboard shows would carry none), and a wait until the fan-out has
 * removed every probe. One item's changes reach the fan-out in order, so its creation has passed too.
 */
async function readersPassedByTheFanOut(topics: string[]): Promise<void> {
  const probes = await Promise.all(topics.map((topic) => aWatcher(topic)));
  // the probes are meant to go: never put back
  for (const probe of probes) saved.delete(probe);
  for (const topic of topics) {
    const reader = await aReaderOf(topic);
    const [field, value] =
      reader.role === 'partner'
        ? ['mobileMoneyNumber', `0886${String(randomInt(1_000_000)).padStart(6, '0')}`]
        : ['lastCheckIn', new Date().toISOString()];
    await setStaffUser(reader.id, { [field]: value });
  }
  await eventually(
    () => Promise.all(probes.map((probe) => getConnection(probe))),
    (left) => left.every((connection) => connection === undefined),
    30_000,
  );
}

describe('the fan-out audience of a batch', () => {
  it('lists just the watched topics among those a batch touches, with every subscriber of each', async () => {
    const partners = Array.from({ length: 8 }, () => randomUUID());
    await readersPassedByTheFanOut([
      topicNames.partnerDashboard(partners[0]!),
      topicNames.partnerDashboard(partners[5]!),
    ]);
    const [first, second] = [
      await aWatcher(topicNames.partnerDashboard(partners[0]!)),
      await aWatcher(topicNames.partnerDashboard(partners[0]!)),
    ];
    const third = await aWatcher(topicNames.partnerDashboard(partners[5]!));

    const { watched, failed } = await audiencesWithWatchers([
      ...partners.map((id) => topicNames.partnerDashboard(id)),
      'no/such/topic',
    ]);

    expect(failed.size).toBe(0);
    const mine = [...watched].filter(([topic]) => partners.some((id) => topic === topicNames.partnerDashboard(id)));
    expect(new Map(mine.map(([topic, audience]) => [topic, [...audience.subscribers].sort()]))).toEqual(
      new Map([
        [topicNames.partnerDashboard(partners[0]!), [first, second].sort()],
        [topicNames.partnerDashboard(partners[5]!), [third]],
      ]),
    );
    expect(watched.has('no/such/topic')).toBe(false);
  });

  it("expands a partner's announcers group to that partner's watched announcer dashboards only", async () => {
    const partner = await aPartner();
    const other = await aPartner();
    const [watching, idle, elsewhere] = [
      await anAnnouncer(partner),
      await anAnnouncer(partner),
      await anAnnouncer(other),
    ];
    await readersPassedByTheFanOut([
      topicNames.announcerDashboard(watching.ID),
      topicNames.announcerDashboard(elsewhere.ID),
    ]);
    const watcher = await aWatcher(topicNames.announcerDashboard(watching.ID));
    await aWatcher(topicNames.announcerDashboard(elsewhere.ID));

    const group = partnerAnnouncersGroup(partner.ID);
    const { watched } = await audiencesWithWatchers([group, topicNames.announcerDashboard(idle.ID)]);

    const fromGroup = [...watched].filter(([, audience]) => audience.sources.has(group));
    expect(fromGroup).toEqual([
      [topicNames.announcerDashboard(watching.ID), { subscribers: [watcher], sources: new Set([group]) }],
    ]);
    expect(watched.has(topicNames.announcerDashboard(idle.ID))).toBe(false);
  });

  it('expands a subscribed-instances group to every watched instance of its pattern', async () => {
    const admins = [randomUUID(), randomUUID()];
    const watchers = [
      await aWatcher(topicNames.adminNotifications(admins[0]!)),
      await aWatcher(topicNames.adminNotifications(admins[1]!)),
    ];
    const pattern = topicNames.adminNotifications(':id');

    const { watched } = await audiencesWithWatchers([subscribedTopicsGroup(pattern)]);

    for (const [i, admin] of admins.entries()) {
      expect(watched.get(topicNames.adminNotifications(admin))).toEqual({
        subscribers: [watchers[i]],
        sources: new Set([subscribedTopicsGroup(pattern)]),
      });
    }
  });

  it('merges the sources of a topic named both directly and through a group', async () => {
    const admin = randomUUID();
    const topic = topicNames.adminNotifications(admin);
    const watcher = await aWatcher(topic);
    const group = subscribedTopicsGroup(topicNames.adminNotifications(':id'));

    const { watched } = await audiencesWithWatchers([topic, group]);

    expect(watched.get(topic)).toEqual({ subscribers: [watcher], sources: new Set([topic, group]) });
  });
});
