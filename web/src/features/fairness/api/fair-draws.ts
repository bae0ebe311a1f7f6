import { routes } from '@shared/api/routes';
import type { PublicDrawRecord, PublicFairDraws, PublicInclusionProof } from '@shared/api/schemas/draws';
import { callRouteAs } from '@web/lib/api-routes';

/** Every open window's commitment and the recent closed draws (the Fair draws page). */
export function fetchFairDraws(signal?: AbortSignal): Promise<PublicFairDraws> {
  return callRouteAs<PublicFairDraws>(routes.publicFairDraws, {}, { signal });
}

/** A draw's public record (/draws/{id}). */
export function fetchDrawRecord(drawId: string, signal?: AbortSignal): Promise<PublicDrawRecord> {
  return callRouteAs<PublicDrawRecord>(routes.publicDraw, { draw_id: drawId }, { signal });
}

/** One ticket's inclusion proof, asked for by the hash of its number (the number never leaves the browser). */
export function fetchInclusionProof(drawId: string, ticketHash: string): Promise<PublicInclusionProof> {
  return callRouteAs<PublicInclusionProof>(routes.publicDrawProof, { draw_id: drawId, ticket_hash: ticketHash });
}
