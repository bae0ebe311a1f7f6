import { listAssignments } from './store/assignments';
import { getPromotions } from './store/promotions';
import { listUsersByRole } from '../staff';
import { assignmentView } from './catalog-views';

/**
 * Partner promotions grouped by partner, with counts (spec "Partner
 * Promotions": list grouped by partner with promotion counts). House games
 * are configured in the settings, not here.
 */
export async function assignmentGroups() {
  const [assignments, partners] = await Promise.all([listAssignments(), listUsersByRole('partner')]);
  const partnerAssignments = assignments.filter((a) => a.kind === 'partner');
  const promotions = await getPromotions(partnerAssignments.map((a) => a.promotionId));
  const partnersById = new Map(partners.map((p) => [p.id, p]));
  const groups = new Map<string, ReturnType<typeof assignmentView>[]>();
  for (const assignment of partnerAssignments) {
    const view = assignmentView(
      assignment,
      promotions.get(assignment.promotionId),
      partnersById.get(assignment.partnerId),
    );
    groups.set(assignment.partnerId, [...(groups.get(assignment.partnerId) ?? []), view]);
  }
  return [...groups.entries()]
    .map(([partnerId, list]) => ({
      PartnerID: partnerId,
      PartnerSearchString: partnersById.get(partnerId)?.searchString ?? '',
      PartnerUsername: partnersById.get(partnerId)?.username ?? '',
      Count: list.length,
      Assignments: list.sort((a, b) => a.Promotion.PromotionTitle.localeCompare(b.Promotion.PromotionTitle)),
    }))
    .sort((a, b) => a.PartnerUsername.localeCompare(b.PartnerUsername));
}
