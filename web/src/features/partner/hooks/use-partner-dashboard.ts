import type { PartnerDashboard } from '@shared/api/schemas/dashboards';
import { topicRef } from '@shared/topics';
import { useTopic } from '@web/hooks/use-topic';

export interface PartnerDashboardState {
  dashboard: PartnerDashboard | undefined;
  refused: string | null;
}

/** `partner/{id}/dashboard` (DESIGN section 6), validated with its schema. */
export function usePartnerDashboard(partnerId: string): PartnerDashboardState {
  const { data, refused } = useTopic(topicRef('partnerDashboard', partnerId));
  return { dashboard: data.dashboard, refused };
}
