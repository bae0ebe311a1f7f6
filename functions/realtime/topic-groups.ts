import { topicNames } from '../../shared/topics';
import { announcersOf } from '../store/announcers';

/**
 * Topic groups: a change that concerns "every announcer of this partner"
 * (a draw, an entry on a promotion with no announcer share) cannot name
 * their topics without a read, and `affectedBy` must not read. It names the
 * group instead; the fan-out expands groups into topics once per batch.
 */
const PARTNER_ANNOUNCERS = 'group/partner-announcers/';

export const partnerAnnouncersGroup = (partnerId: string) => `${PARTNER_ANNOUNCERS}${partnerId}`;

/** Concrete topics for a list that may hold groups, each mapped to the names it came from. */
export async function expandTopics(names: Iterable<string>): Promise<Map<string, Set<string>>> {
  const expanded = new Map<string, Set<string>>();
  const add = (topic: string, source: string) => expanded.set(topic, (expanded.get(topic) ?? new Set()).add(source));
  for (const name of names) {
    if (!name.startsWith(PARTNER_ANNOUNCERS)) {
      add(name, name);
      continue;
    }
    for (const announcer of await announcersOf(name.slice(PARTNER_ANNOUNCERS.length))) {
      add(topicNames.announcerDashboard(announcer.id), name);
    }
  }
  return expanded;
}
