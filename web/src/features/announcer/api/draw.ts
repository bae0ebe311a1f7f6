import { drawRoutes as routes } from '@shared/api/routes/draws';
import type { BodyIn } from '@shared/api/route-spec';
import { callRoute } from '@web/lib/api-routes';

/**
 * Spec section 7 "Announcer draw": the body names the promotion by its
 * shared code; the thresholds and counts are sent as the spec lists them and
 * the server ignores them (it decides from its own counters).
 */
export interface AnnouncerDrawRequest extends BodyIn<typeof routes.announcerDraw> {
  partner: string;
  threshold: number;
  starting_threshold: number;
  daily_draw: number;
  search_string: string;
  promotion_title: string;
  shared_code: string;
}

/** PUT /api/v1/announcer/:id/draw → the winner. */
export const conductDraw = (announcerId: string, body: AnnouncerDrawRequest) =>
  callRoute(routes.announcerDraw, { id: announcerId }, { body });

/** The draw's public record (commitment, revealed seed, count, winning sequence number). */
export const fetchPublicDraw = (drawId: string, signal?: AbortSignal) =>
  callRoute(routes.publicDraw, { draw_id: drawId }, { signal });
