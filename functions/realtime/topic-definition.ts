import type { StaffUser } from '../store/users';
import type { ItemChange } from './item-change';

/** One event of a topic's snapshot: what a subscriber is sent on subscribe and after changes. */
export interface TopicEvent {
  event: string;
  data: unknown;
}

/**
 * A live topic (DESIGN section 6): who may read it, how to build its current
 * snapshot, and which changed items affect it. Add a topic by writing one of
 * these and listing it in topics.ts; the ws handler and the fan-out need no change.
 */
export interface TopicDefinition {
  /** A fixed name ('admin/partners') or a pattern with `:param` segments ('partner/:id/dashboard'). */
  pattern: string;
  canRead(user: StaffUser, params: Record<string, string>): boolean;
  snapshot(params: Record<string, string>, now: Date): Promise<TopicEvent[]>;
  /**
   * Concrete topic names this change makes stale, or groups of them
   * (topic-groups.ts: every subscribed instance, a partner's announcers).
   * Must be cheap: no I/O.
   */
  affectedBy(change: ItemChange): string[];
}

export const isSuperAdmin = (user: StaffUser): boolean => user.role === 'admin' && user.superAdmin === true;
