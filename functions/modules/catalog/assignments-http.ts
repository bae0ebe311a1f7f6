import type { AssignmentInput } from '@shared/api/schemas/catalog';
import { isHouseGame } from '@shared/games';
import { messages } from '@shared/messages';
import { badRequest } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { createAssignment, deleteAssignment, setAssignmentStatus, updateAssignment } from './store/assignment-edits';
import { listAssignments, type AssignmentTerms } from './store/assignments';
import { findPartnerBySearchString as partnerBySearchString, listUsersByRole, type StaffUser } from '../staff';
import { getPromotion, listPromotions } from './store/promotions';
import { actorOf } from '../audit';
import { assignmentView, partnerOption, promotionView } from './catalog-views';
import { assignmentGroups } from './assignment-groups-http';

/** Partner-promotion assignments (spec "Partner Promotions"). */
export function registerAssignmentRoutes(app: HttpApp<'admin'>): void {
  app.on('assignPartnerPromotion', async (request) => {
    const input = request.body;
    const { partner, promotion } = await resolvePair(input);
    const assignment = await createAssignment(partner.id, promotion.id, termsOf(input), actorOf(request), request.now);
    return created({
      message: messages.assignment.assigned,
      Assignment: assignmentView(assignment, promotion, partner),
    });
  });

  app.on('updatePartnerPromotion', async (request) => {
    const input = request.body;
    const { partner, promotion } = await resolvePair(input);
    const assignment = await updateAssignment(
      input.id,
      partner.id,
      promotion.id,
      termsOf(input),
      actorOf(request),
      request.now,
    );
    return { message: messages.assignment.updated, Assignment: assignmentView(assignment, promotion, partner) };
  });

  app.on('setPartnerPromotionStatus', async (request) => {
    const { id, status } = request.body;
    const assignment = await setAssignmentStatus(id, status, actorOf(request), request.now);
    return {
      message: status === 'ended' ? 'Partner promotion ended: it takes no new entries.' : 'Partner promotion resumed.',
      Status: assignment.status,
    };
  });

  app.on('deletePartnerPromotion', async (request) => {
    await deleteAssignment(request.body.id, actorOf(request), request.now);
    return { message: 'Partner promotion deleted successfully.' };
  });

  app.on('listPartnerPromotions', async () => ({ Groups: await assignmentGroups() }));

  /** Options for the assignment dialog: promotions a partner can still be assigned (all, without `?partner=`). */
  app.on('promotionsForAssignedPartner', async (request) => {
    const promotions = (await listPromotions()).filter((p) => !isHouseGame(p.kind));
    const partnerCode = request.query.partner;
    if (!partnerCode) return { promotions: promotions.map(promotionView) };
    const partner = await partnerBySearchString(partnerCode);
    if (!partner) throw badRequest(messages.refusals.unknownPartner, { partner: 'No partner has this search string' });
    const taken = new Set((await listAssignments(partner.id)).map((a) => a.promotionId));
    return { promotions: promotions.filter((p) => !taken.has(p.id)).map(promotionView) };
  });

  /** Options for the assignment dialog: partners not yet on a promotion (all, without `?promotion=`). */
  app.on('partnersForAssignedPromotion', async (request) => {
    const partners = await listUsersByRole('partner');
    const promotionId = request.query.promotion;
    if (!promotionId) return { partners: partners.map(partnerOption) };
    const taken = new Set(
      (await listAssignments()).filter((a) => a.promotionId === promotionId).map((a) => a.partnerId),
    );
    return { partners: partners.filter((p) => !taken.has(p.id)).map(partnerOption) };
  });
}

async function resolvePair(input: Pick<AssignmentInput, 'partner' | 'promotion'>) {
  const [partner, promotion] = await Promise.all([partnerBySearchString(input.partner), getPromotion(input.promotion)]);
  if (!partner) throw badRequest(messages.refusals.unknownPartner, { partner: 'No partner has this search string' });
  if (!promotion) throw badRequest(messages.refusals.unknownPromotion, { promotion: 'No promotion has this id' });
  if (isHouseGame(promotion.kind)) {
    throw badRequest(messages.refusals.houseGamesNotAssignable, { promotion: 'House game' });
  }
  return { partner: partner as StaffUser, promotion };
}

function termsOf(input: AssignmentInput): AssignmentTerms {
  return {
    partnerBp: input.partner_percentage,
    announcerBp: input.announcer_percentage,
    sharedCode: input.shared_code,
    server: input.server,
    threshold: input.threshold,
    startingThreshold: input.starting_threshold,
    winnerAmountCents: input.winner_amount,
  };
}
