import { DASHBOARD_EVENT, partnerDashboard, type PartnerDashboard } from '../../../../../shared/api/schemas/dashboards';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';

const EVENTS = { [DASHBOARD_EVENT]: partnerDashboard };

export interface PartnerDashboardState {
  dashboard: PartnerDashboard | undefined;
  refused: string | null;
}

/** `partner/{id}/dashboard` (DESIGN section 6), validated with its schema. */
export function usePartnerDashboard(partnerId: string): PartnerDashboardState {
  const { data, refused } = useTopic(topicNames.partnerDashboard(partnerId), EVENTS);
  return { dashboard: data[DASHBOARD_EVENT], refused };
}
