import { topicNames } from '../../shared/topics';
import { announcersOf } from '../store/announcers';
import { subscriptionsOf } from '../store/connections';
import { parseTopicName } from './topic-groups';
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
  const parsed = [...new Set(names)].map((name) => ({ name, parsed: parseTopicName(name) }));
  const patternOf = (name: (typeof parsed)[number]['parsed']): string | undefined => {
    if (name.kind === 'partnerAnnouncers') return announcerDashboardTopic.pattern;
    if (name.kind === 'subscribed') return name.pattern;
    return resolveTopic(name.topic)?.definition.pattern;
  };
  const patterns = [...new Set(parsed.map(({ parsed }) => patternOf(parsed)).filter((p): p is string => p !== undefined))];
  const read = await Promise.allSettled(patterns.map((pattern) => subscriptionsOf(pattern)));
  const byPattern = new Map(patterns.flatMap((pattern, i) => (read[i]!.status === 'fulfilled' ? [[pattern, read[i]!.value] as const] : [])));

  const watched = new Map<string, Audience>();
  const failed = new Set<string>();
  const add = (topic: string, subscribers: string[], source: string) => {
    const audience = watched.get(topic) ?? { subscribers, sources: new Set<string>() };
    audience.sources.add(source);
    watched.set(topic, audience);
  };
  await Promise.all(
    parsed.map(async ({ name, parsed }) => {
      const pattern = patternOf(parsed);
      // a name no topic serves has no audience
      if (pattern === undefined) return;
      const subscriptions = byPattern.get(pattern);
      if (!subscriptions) {
        failed.add(name);
        return;
      }
      if (parsed.kind === 'topic') {
        const subscribers = subscriptions.get(parsed.topic);
        if (subscribers) add(parsed.topic, subscribers, name);
      } else if (parsed.kind === 'subscribed') {
        for (const [topic, subscribers] of subscriptions) add(topic, subscribers, name);
      } else if (subscriptions.size > 0) {
        try {
          for (const announcer of await announcersOf(parsed.partnerId)) {
            const topic = topicNames.announcerDashboard(announcer.id);
            const subscribers = subscriptions.get(topic);
            if (subscribers) add(topic, subscribers, name);
          }
        } catch {
          failed.add(name);
        }
      }
    }),
  );
  return { watched, failed };
}
