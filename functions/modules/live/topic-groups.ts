/**
 * Topic groups: a change that concerns "every announcer of this partner"
 * (a draw, an entry on a promotion with no announcer share) or "every
 * admin's notifications" cannot name their topics without a read, and
 * `affectedBy` must not read. It names the group instead; the fan-out
 * expands groups into the subscribed topics once per batch (audiences.ts).
 */
const PARTNER_ANNOUNCERS = 'group/partner-announcers/';
/** Every subscribed instance of a pattern topic. */
const SUBSCRIBED = 'group/subscribed/';

export const partnerAnnouncersGroup = (partnerId: string) => `${PARTNER_ANNOUNCERS}${partnerId}`;
export const subscribedTopicsGroup = (pattern: string) => `${SUBSCRIBED}${pattern}`;

export type TopicName =
  | { kind: 'topic'; topic: string }
  | { kind: 'partnerAnnouncers'; partnerId: string }
  | { kind: 'subscribed'; pattern: string };

/** What an affected name stands for: one topic, or a group. */
export function parseTopicName(name: string): TopicName {
  if (name.startsWith(PARTNER_ANNOUNCERS))
    return { kind: 'partnerAnnouncers', partnerId: name.slice(PARTNER_ANNOUNCERS.length) };
  if (name.startsWith(SUBSCRIBED)) return { kind: 'subscribed', pattern: name.slice(SUBSCRIBED.length) };
  return { kind: 'topic', topic: name };
}
