import { messages } from '@shared/messages';
import { actorOf } from '../audit';
import { conductThresholdDraw } from './threshold-draw';
import { winnerView } from './winner-view';
import { forbidden, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import type { Announcer } from '../staff';
import { getAssignment } from '../catalog';
import { uniqueOwner } from '../staff';

/**
 * The announcer's draw (spec sections 5 and 7): the promotion
 * is named by its shared code; it must be one of the announcer's own
 * partner's, and the announcer must be checked in (checked again when the
 * draw commits). The thresholds and counts in the body are ignored.
 */
export function registerAnnouncerDrawRoutes(app: HttpApp<'announcer'>): void {
  app.on('announcerDraw', async (request) => {
    const { shared_code } = request.body;
    const announcer = request.user as Announcer;
    const assignmentId = await uniqueOwner('sharedCode', shared_code);
    const assignment = assignmentId ? await getAssignment(assignmentId) : undefined;
    if (!assignment) throw notFound(messages.draw.unknownPromotion);
    if (!announcer.partnerId || assignment.partnerId !== announcer.partnerId)
      throw forbidden(messages.draw.otherPartner);
    if (!announcer.lastCheckIn) throw forbidden(messages.draw.notCheckedIn);
    const record = await conductThresholdDraw({
      assignmentId: assignment.id,
      actor: actorOf(request),
      now: request.now,
      announcerId: announcer.id,
    });
    return { winner: winnerView(record) };
  });
}
