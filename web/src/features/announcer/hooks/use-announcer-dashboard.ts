import {
  announcerDashboard,
  DASHBOARD_EVENT,
  type AnnouncerDashboard,
} from '../../../../../shared/api/schemas/dashboards';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';

const EVENTS = { [DASHBOARD_EVENT]: announcerDashboard };

export interface AnnouncerDashboardState {
  /** The latest snapshot; undefined until the first arrives. */
  dashboard: AnnouncerDashboard | undefined;
  /** The server's reason when it refused the topic. */
  refused: string | null;
}

/** `announcer/{id}/dashboard` (DESIGN section 6), validated with its schema. */
export function useAnnouncerDashboard(announcerId: string): AnnouncerDashboardState {
  const { data, refused } = useTopic(topicNames.announcerDashboard(announcerId), EVENTS);
  return { dashboard: data[DASHBOARD_EVENT], refused };
}
