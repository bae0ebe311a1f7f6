import { topicNames } from '../../shared/topics';
import { logger } from '../lib/logger';
import { announcersOf } from '../store/announcers';
import { subscriptionsOf } from '../store/connections';
import { parseTopicName, type TopicName } from './topic-groups';
import { announcerDashboardTopic } from './topics/announcer-dashboard';
import { resolveTopic } from './topics';

/** A topic a batch makes stale that somebody watches: its subscribers, and the affected names it came from. */
export interface Audience {
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
 * every subscribed instance of it (store/connections.ts), rather than one
 * per topic — a batch of entries over eight partner promotions touches
 * eight partner dashboards and one pattern. Groups expand against what is
 * watched: a partner's announcers are looked up only when some announcer
 * dashboard is open, and a topic nobody watches costs nothing more.
 */
export async function audiencesOf(names: Iterable<string>): Promise<Audiences> {
  const affected = [...new Set(names)].map((name) => ({ name, meaning: parseTopicName(name) }));
  const patterns = [...new Set(affected.map(({ meaning }) => patternOf(meaning)).filter((p): p is string => p !== undefined))];
  const read = await Promise.allSettled(patterns.map((pattern) => subscriptionsOf(pattern)));
  const byPattern = new Map<string, Map<string, string[]>>();
  read.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') byPattern.set(patterns[i]!, outcome.value);
    else logger.error('subscriptions not read', { pattern: patterns[i], error: String(outcome.reason) });
  });

  const watched = new Map<string, Audience>();
  const failed = new Set<string>();
  const add = (topic: string, subscribers: string[], source: string) => {
    const audience = watched.get(topic) ?? { subscribers, sources: new Set<string>() };
    audience.sources.add(source);
    watched.set(topic, audience);
  };
  await Promise.all(
    affected.map(async ({ name, meaning }) => {
      const pattern = patternOf(meaning);
      // a name no topic serves has no audience
      if (pattern === undefined) return;
      const subscriptions = byPattern.get(pattern);
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
          logger.error('partner announcers not read', { partnerId: meaning.partnerId, error: String(error) });
          failed.add(name);
        }
      }
    }),
  );
  return { watched, failed };
}

/** The topic pattern whose subscriptions tell who watches what an affected name stands for (none: no topic serves it). */
function patternOf(meaning: TopicName): string | undefined {
  if (meaning.kind === 'partnerAnnouncers') return announcerDashboardTopic.pattern;
  if (meaning.kind === 'subscribed') return meaning.pattern;
  return resolveTopic(meaning.topic)?.definition.pattern;
}
