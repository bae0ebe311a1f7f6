import { clearPreviewQuery } from '@shared/api/schemas/draws';
import { messages } from '@shared/messages';
import { clearPartnerDraws, clearTargets, partnerToClear } from './clear-draw';
import { conductThresholdDraw } from './threshold-draw';
import { winnerView } from './winner-view';
import { voidWinnerForCause } from './void-winner';
import { publicDrawView } from './public-views';
import { redrawMessages } from '@shared/redraw';
import { badRequest } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { requireFields, validate } from '../../platform/validate';
import { listAssignments, type Assignment } from '../catalog';
import { findPartnerBySearchString } from '../staff';
import { actorOf } from '../audit';

/** Conduct Draw and Clear Draw on the super admin's Draw tab (spec section 7). */
export function registerDrawRoutes(app: HttpApp<'draws'>): void {
  app.on('selectWinner', async (request) => {
    const input = request.body;
    const partner = await findPartnerBySearchString(input.partner);
    if (!partner) throw badRequest(messages.refusals.unknownPartner, { partner: 'No partner has this search string' });
    const assignment = chooseAssignment(await listAssignments(partner.id), input);
    const record = await conductThresholdDraw({
      assignmentId: assignment.id,
      actor: actorOf(request),
      now: request.now,
    });
    const winner = winnerView(record);
    return {
      message: `Winner selected for ${partner.username}: ${winner.mobile_number}.`,
      winner: {
        ...winner,
        MobileNumber: winner.mobile_number,
        PartnerID: winner.partner_id,
        WinnerAmount: winner.winner_amount,
        WinnerSelected: winner.winner_selected,
        DrawID: winner.draw_id,
      },
    };
  });

  app.on('voidWinner', async (request) => {
    const { draw_id, reason, note } = request.body;
    const { voided, redraw } = await voidWinnerForCause({
      drawId: draw_id,
      reason,
      note,
      actor: actorOf(request),
      now: request.now,
    });
    return { message: redrawMessages.voided(redraw.id), voided_draw_id: voided.id, redraw: publicDrawView(redraw) };
  });

  app.on('clearPartnerDraw', async (request) => {
    const body = request.body;
    const mode = body.mode ?? 'carry';
    const partner = await partnerToClear(body.partnerUsername);
    const cleared = await clearPartnerDraws(partner, mode, actorOf(request), request.now);
    return {
      message: messages.clearDraw.cleared(cleared.promotions, partner.username, cleared.tickets, mode),
      mode,
      promotions: cleared.promotions,
      paid_tickets: cleared.tickets,
    };
  });

  app.on('clearPartnerDrawPreview', async (request) => {
    // after the route's loose query: a missing partner still gets the spec's "name the partner" message
    const { partner: name } = validate(
      clearPreviewQuery,
      requireFields(request.query, ['partner'], messages.draw.namePartnerToClear),
    );
    const partner = await partnerToClear(name);
    const targets = await clearTargets(partner);
    return {
      partner: partner.username,
      paid_tickets: targets.reduce((sum, target) => sum + target.paidTickets, 0),
      promotions: targets.map((target) => ({
        promotion_title: target.promotionTitle,
        ...(target.assignment.sharedCode ? { shared_code: target.assignment.sharedCode } : {}),
        paid_tickets: target.paidTickets,
      })),
    };
  });
}

/** The promotion to draw: the one named, else the partner's only active one. */
function chooseAssignment(all: Assignment[], named: { promotion?: string; shared_code?: string }): Assignment {
  const drawable = all.filter((a) => a.kind === 'partner');
  if (named.promotion !== undefined || named.shared_code !== undefined) {
    const found = drawable.find(
      (a) =>
        (named.promotion === undefined || a.promotionId === named.promotion) &&
        (named.shared_code === undefined || a.sharedCode === named.shared_code),
    );
    if (!found) throw badRequest(messages.draw.unknownPromotion, { promotion: "Not one of this partner's promotions" });
    return found;
  }
  const active = drawable.filter((a) => a.status === 'active');
  if (active.length === 0) throw badRequest(messages.draw.noActivePromotion);
  if (active.length > 1)
    throw badRequest(messages.draw.nameThePromotion, { promotion: 'The partner runs several promotions' });
  return active[0]!;
}
