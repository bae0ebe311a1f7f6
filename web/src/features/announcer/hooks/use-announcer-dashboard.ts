import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { topicRef } from '@shared/topics';
import { useTopic } from '@web/hooks/use-topic';

export interface AnnouncerDashboardState {
  /** The latest snapshot; undefined until the first arrives. */
  dashboard: AnnouncerDashboard | undefined;
  /** The server's reason when it refused the topic. */
  refused: string | null;
}

/** `announcer/{id}/dashboard` (DESIGN section 6), validated with its schema. */
export function useAnnouncerDashboard(announcerId: string): AnnouncerDashboardState {
  const { data, refused } = useTopic(topicRef('announcerDashboard', announcerId));
  return { dashboard: data.dashboard, refused };
}
