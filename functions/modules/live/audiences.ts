import { topicNames } from '@shared/topics';
import { clock } from '../../platform/clock';
import { logger } from '../../platform/logger';
import { announcersOf } from '../staff';
import type { Subscriber } from './store/connections';
import { subscriptionsOf } from './store/subscriptions';
import type { StaffUser } from '../staff';
import { liveConnections } from './session-streams';
import { parseTopicName, type TopicName } from './topic-groups';
import { announcerDashboardTopic } from './topics/announcer-dashboard';
import { resolveTopic } from './topics';

/** A topic a batch makes stale that somebody watches: its subscribers, and the affected names it came from. */
interface Audience {
  subscribers: string[];
  sources: Set<string>;
}

export interface Audiences {
  /** Concrete topics with at least one subscriber. */
  watched: Map<string, Audience>;
  /** Affected names whose audience could not be read (a failed query): their records must be retried. */
  failed: Set<string>;
}

/**
 * Who must hear of a batch's changes (DESIGN section 6), in as few reads as
 * the batch allows: ONE query per topic pattern the batch touches, listing
 * every subscribed instance of it (modules/live/store/subscriptions.ts), rather than one
 * per topic — a batch of entries over eight partner promotions touches
 * eight partner dashboards and one pattern. Groups expand against what is
 * watched: a partner's announcers are looked up only when some announcer
 * dashboard is open, and a topic nobody watches costs nothing more.
 * A subscription past its TTL is never read (its socket is closed;
 * store/subscriptions.ts). An entry's page is no subscriber: its entry's
 * changes name its watchers (topics/entry.ts).
 * Only subscribers whose session is live are listed (one batched read of
 * their sessions and users: session-streams.ts), the others are closed; and
 * each is listed only for the topics its user may read now (a demoted super
 * admin's socket is not sent admin/partners even before it closes). A topic
 * anyone may read (an entry's) needs no session: its anonymous subscribers
 * are listed as they are.
 */
export async function audiencesOf(names: Iterable<string>, now: Date = clock.now()): Promise<Audiences> {
  const affected = [...new Set(names)].map((name) => ({ name, meaning: parseTopicName(name) }));
  const listings = [
    ...new Set(affected.map(({ meaning }) => listingOf(meaning)).filter((l): l is string => l !== undefined)),
  ];
  const read = await Promise.allSettled(listings.map((pattern) => subscriptionsOf(pattern, now)));
  const readByPattern = new Map<string, Map<string, Subscriber[]>>();
  read.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') readByPattern.set(listings[i]!, outcome.value);
    else logger.error('subscriptions not read', { listing: listings[i], error: String(outcome.reason) });
  });
  const byPattern = await withLiveSessionsOnly(readByPattern, now);

  const watched = new Map<string, Audience>();
  const failed = new Set<string>();
  const add = (topic: string, subscribers: string[], source: string) => {
    const audience = watched.get(topic) ?? { subscribers, sources: new Set<string>() };
    audience.sources.add(source);
    watched.set(topic, audience);
  };
  await Promise.all(
    affected.map(async ({ name, meaning }) => {
      const listing = listingOf(meaning);
      // a name no topic serves has no audience
      if (listing === undefined) return;
      const subscriptions = byPattern.get(listing);
      if (!subscriptions) {
        failed.add(name);
        return;
      }
      if (meaning.kind === 'topic') {
        const subscribers = subscriptions.get(meaning.topic);
        if (subscribers) add(meaning.topic, subscribers, name);
      } else if (meaning.kind === 'subscribed') {
        for (const [topic, subscribers] of subscriptions) add(topic, subscribers, name);
      } else if (subscriptions.size > 0) {
        try {
          for (const announcer of await announcersOf(meaning.partnerId)) {
            const topic = topicNames.announcerDashboard(announcer.id);
            const subscribers = subscriptions.get(topic);
            if (subscribers) add(topic, subscribers, name);
          }
        } catch (error) {
          logger.error('partner announcers not read', { partnerId: meaning.partnerId, error });
          failed.add(name);
        }
      }
    }),
  );
  return { watched, failed };
}

/**
 * The subscriptions read, keeping only connections whose session is live and
 * whose user may read the topic now — or, for a topic anyone may read, every
 * connection, anonymous ones too (no session to check, none to close them
 * for); none if the sessions could not be read.
 */
async function withLiveSessionsOnly(
  byPattern: Map<string, Map<string, Subscriber[]>>,
  now: Date,
): Promise<Map<string, Map<string, string[]>>> {
  const subscriptions = [...byPattern.values()].flatMap((byTopic) =>
    [...byTopic].flatMap(([topic, subscribers]) => (readableByAnyone(topic) ? [] : subscribers)),
  );
  let live: Map<string, StaffUser>;
  try {
    live = await liveConnections(subscriptions, now);
  } catch (error) {
    // a record whose audience cannot be checked is retried rather than sent unchecked
    logger.error('subscriber sessions not read', { error });
    return new Map();
  }
  const kept = new Map<string, Map<string, string[]>>();
  for (const [pattern, byTopic] of byPattern) {
    const topics = new Map<string, string[]>();
    for (const [topic, subscribers] of byTopic) {
      const resolved = resolveTopic(topic);
      const connections = readableByAnyone(topic)
        ? subscribers.map(({ connectionId }) => connectionId)
        : subscribers.flatMap(({ connectionId }) => {
            const user = live.get(connectionId);
            return user && resolved?.definition.canRead(user, resolved.params) ? [connectionId] : [];
          });
      if (connections.length > 0) topics.set(topic, connections);
    }
    kept.set(pattern, topics);
  }
  return kept;
}

function readableByAnyone(topic: string): boolean {
  const resolved = resolveTopic(topic);
  return resolved?.definition.canRead(undefined, resolved.params) === true;
}

/**
 * The pattern under which the subscriptions telling who watches what an
 * affected name stands for are listed (none: no topic serves the name).
 */
function listingOf(meaning: TopicName): string | undefined {
  if (meaning.kind === 'partnerAnnouncers') return announcerDashboardTopic.pattern;
  if (meaning.kind === 'subscribed') return meaning.pattern;
  return resolveTopic(meaning.topic)?.definition.pattern;
}
