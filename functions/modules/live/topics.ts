import { adminAnnouncersTopic } from './topics/admin-announcers';
import { adminAssignmentsTopic } from './topics/admin-assignments';
import { adminDrawListTopic } from './topics/admin-draw-list';
import { adminNotificationsTopic } from './topics/admin-notifications';
import { adminOverviewTopic } from './topics/admin-overview';
import { adminPartnerOptionsTopic } from './topics/admin-partner-options';
import { adminPartnersTopic } from './topics/admin-partners';
import { adminPayoutsTopic } from './topics/admin-payouts';
import { adminPredictionCategoriesTopic } from './topics/admin-prediction-categories';
import { adminPredictionsTopic } from './topics/admin-predictions';
import { adminWinnersTopic } from './topics/admin-winners';
import { announcerDashboardTopic } from './topics/announcer-dashboard';
import { entryTopic } from './topics/entry';
import { partnerDashboardTopic } from './topics/partner-dashboard';
import { topicOfName, type TopicKey } from '@shared/topics';
import type { ServedTopic, TopicDefinition } from './topic-definition';

/** Every live topic the server serves (DESIGN section 6), one per catalogue entry (shared/topics.ts). */
const definitions: { readonly [K in TopicKey]: TopicDefinition<K> } = {
  adminPartners: adminPartnersTopic,
  adminAnnouncers: adminAnnouncersTopic,
  adminPartnerOptions: adminPartnerOptionsTopic,
  adminPredictions: adminPredictionsTopic,
  adminPredictionCategories: adminPredictionCategoriesTopic,
  adminAssignments: adminAssignmentsTopic,
  adminWinners: adminWinnersTopic,
  adminOverview: adminOverviewTopic,
  adminDrawList: adminDrawListTopic,
  partnerDashboard: partnerDashboardTopic,
  announcerDashboard: announcerDashboardTopic,
  adminNotifications: adminNotificationsTopic,
  adminPayouts: adminPayoutsTopic,
  entry: entryTopic,
};

export const topicDefinitions: ServedTopic[] = Object.values(definitions);

/** Find the definition serving a concrete topic name, with its parameters. */
export function resolveTopic(topic: string): { definition: ServedTopic; params: Record<string, string> } | undefined {
  const found = topicOfName(topic);
  return found && { definition: definitions[found.key], params: found.params };
}
