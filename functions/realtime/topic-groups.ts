import { topicNames } from '../../shared/topics';
import { announcersOf } from '../store/announcers';
import { subscribedTopicsOf } from '../store/connections';

/**
 * Topic groups: a change that concerns "every announcer of this partner"
 * (a draw, an entry on a promotion with no announcer share) or "every
 * admin's notifications" cannot name their topics without a read, and
 * `affectedBy` must not read. It names the group instead; the fan-out
 * expands groups into topics once per batch.
 */
const PARTNER_ANNOUNCERS = 'group/partner-announcers/';
/** Every subscribed instance of a pattern topic that lists its subscriptions (TopicDefinition.listsSubscriptions). */
const SUBSCRIBED = 'group/subscribed/';

export const partnerAnnouncersGroup = (partnerId: string) => `${PARTNER_ANNOUNCERS}${partnerId}`;
export const subscribedTopicsGroup = (pattern: string) => `${SUBSCRIBED}${pattern}`;

/** Concrete topics for a list that may hold groups, each mapped to the names it came from. */
export async function expandTopics(names: Iterable<string>): Promise<Map<string, Set<string>>> {
  const expanded = new Map<string, Set<string>>();
  const add = (topic: string, source: string) => expanded.set(topic, (expanded.get(topic) ?? new Set()).add(source));
  for (const name of names) {
    if (name.startsWith(PARTNER_ANNOUNCERS)) {
      for (const announcer of await announcersOf(name.slice(PARTNER_ANNOUNCERS.length))) {
        add(topicNames.announcerDashboard(announcer.id), name);
      }
    } else if (name.startsWith(SUBSCRIBED)) {
      // only instances someone watches: no snapshot is built for an admin who is not looking
      for (const topic of await subscribedTopicsOf(name.slice(SUBSCRIBED.length))) add(topic, name);
    } else {
      add(name, name);
    }
  }
  return expanded;
}
