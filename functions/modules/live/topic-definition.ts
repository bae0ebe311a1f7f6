import { topicCatalogue, type TopicKey, type TopicReaders, type TopicSnapshot } from '@shared/topics';
import type { StaffUser } from '../staff';
import type { ItemChange } from '../../platform/item-change';
import type { SubscribeOutcome } from './store/subscriptions';

/**
 * A live topic (DESIGN section 6) as the server serves it: its catalogue
 * entry (shared/topics.ts: pattern, readers, events) with how to build its
 * current snapshot and which changed items affect it. The snapshot is typed
 * by the catalogue: an event the topic does not carry, or a payload of the
 * wrong shape, is a compile error. Add a topic by adding it to the catalogue,
 * writing one of these with `defineTopic` and listing it in topics.ts; the ws
 * handler and the fan-out need no change.
 */
export interface TopicDefinition<K extends TopicKey> extends ServedTopic {
  readonly key: K;
  snapshot(params: Record<string, string>, now: Date): Promise<TopicSnapshot<K>>;
}

/** One message of a snapshot whose topic is known only at run time (a subscribe, the fan-out). */
export interface ServedEvent {
  event: string;
  data: unknown;
}

/** Any topic, as the ws handler and the fan-out find it from a name. */
export interface ServedTopic {
  readonly key: TopicKey;
  /** The catalogue's pattern: a fixed name ('admin/partners') or one with an `:id` segment ('partner/:id/dashboard'). */
  readonly pattern: string;
  /**
   * A topic whose watchers are kept on its own item (an entry's page:
   * topics/entry.ts) rather than as subscriptions; none for every other.
   */
  readonly watchers?: ItemWatchers;
  /** Whether this reader — a signed-in staff user, or none for an anonymous socket — may subscribe. */
  canRead(user: StaffUser | undefined, params: Record<string, string>): boolean;
  snapshot(params: Record<string, string>, now: Date): Promise<ServedEvent[]>;
  /**
   * Concrete topic names this change makes stale, or groups of them
   * (topic-groups.ts: every subscribed instance, a partner's announcers).
   * Must be cheap: no I/O.
   */
  affectedBy(change: ItemChange): string[];
}

export function defineTopic<K extends TopicKey>(
  key: K,
  serve: Pick<TopicDefinition<K>, 'snapshot' | 'affectedBy' | 'watchers'>,
): TopicDefinition<K> {
  const { pattern, readers } = topicCatalogue[key];
  return { key, pattern, canRead: (user, params) => mayRead(readers, user, params), ...serve };
}

/**
 * Watchers kept on the watched item: a socket is added and taken off by
 * updating the item, and the item's own changes say whom to tell (the
 * stream fan-out, functions/lambdas/stream.ts), with no subscription to read.
 */
interface ItemWatchers {
  /** Add a socket (a TopicRefusal for an item that does not exist); `full` when the item takes no more. */
  watch(params: Record<string, string>, connectionId: string): Promise<Exclude<SubscribeOutcome, 'gone'>>;
  unwatch(params: Record<string, string>, connectionId: string): Promise<void>;
  /** The topic a change of its item makes stale and the sockets to tell, if any. */
  toTell(change: ItemChange): { topic: string; connectionIds: string[] } | undefined;
}

/**
 * A snapshot's refusal the subscriber is told as is (an entry topic of an
 * id no entry has): the subscription is dropped, nothing else is said.
 */
export class TopicRefusal extends Error {}

/**
 * The catalogue's `readers` applied to a signed-in staff user, or to an
 * anonymous socket (no user), which reads `anyone`'s topics only (DESIGN
 * section 6: the server checks every subscribe).
 */
export function mayRead(readers: TopicReaders, user: StaffUser | undefined, params: Record<string, string>): boolean {
  if (readers.role === 'anyone') return true;
  if (!user || user.role !== readers.role) return false;
  // a reset password opens nothing but the Account screen until it is changed (DESIGN section 7)
  if (user.mustChangePassword === true) return false;
  if (readers.superAdmin && !isSuperAdmin(user)) return false;
  return !readers.self || user.id === params.id;
}

const isSuperAdmin = (user: StaffUser): boolean => user.role === 'admin' && user.superAdmin === true;
