import { routes } from '@shared/api/routes';
import type { DrawAnswer, PublicDrawRecord } from '@shared/api/schemas/draws';
import { callRouteAs } from '@web/lib/api-routes';

/**
 * Spec section 7 "Announcer draw": the body names the promotion by its
 * shared code; the thresholds and counts are sent as the spec lists them and
 * the server ignores them (it decides from its own counters).
 */
export interface AnnouncerDrawRequest {
  partner: string;
  threshold: number;
  starting_threshold: number;
  daily_draw: number;
  search_string: string;
  promotion_title: string;
  shared_code: string;
}

/** PUT /api/v1/announcer/:id/draw → the winner. */
export function conductDraw(announcerId: string, body: AnnouncerDrawRequest): Promise<DrawAnswer> {
  return callRouteAs<DrawAnswer>(routes.announcerDraw, { id: announcerId }, { body });
}

/** The draw's public record (commitment, revealed seed, count, winning sequence number). */
export function fetchPublicDraw(drawId: string, signal?: AbortSignal): Promise<PublicDrawRecord> {
  return callRouteAs<PublicDrawRecord>(routes.publicDraw, { draw_id: drawId }, { signal });
}
