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
import { partnerDashboardTopic } from './topics/partner-dashboard';
import type { TopicDefinition } from './topic-definition';

/** Every live topic the server serves (DESIGN section 6). */
export const topicDefinitions: TopicDefinition[] = [
  adminPartnersTopic,
  adminAnnouncersTopic,
  adminPartnerOptionsTopic,
  adminPredictionsTopic,
  adminPredictionCategoriesTopic,
  adminAssignmentsTopic,
  adminWinnersTopic,
  adminOverviewTopic,
  adminDrawListTopic,
  partnerDashboardTopic,
  announcerDashboardTopic,
  adminNotificationsTopic,
  adminPayoutsTopic,
];

/** Find the definition serving a concrete topic name, with its parameters. */
export function resolveTopic(
  topic: string,
): { definition: TopicDefinition; params: Record<string, string> } | undefined {
  for (const definition of topicDefinitions) {
    const params = matchPattern(definition.pattern, topic);
    if (params) return { definition, params };
  }
  return undefined;
}

function matchPattern(pattern: string, topic: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = topic.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return undefined;
  }
  return params;
}
