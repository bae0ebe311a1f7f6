import { drawRoutes as routes } from '@shared/api/routes/draws';
import { callRoute } from '@web/lib/api-routes';

/** Every open window's commitment and the recent closed draws (the Fair draws page). */
export const fetchFairDraws = (signal?: AbortSignal) => callRoute(routes.publicFairDraws, {}, { signal });

/** A draw's public record (/draws/{id}). */
export const fetchDrawRecord = (drawId: string, signal?: AbortSignal) =>
  callRoute(routes.publicDraw, { draw_id: drawId }, { signal });

/** One ticket's inclusion proof, asked for by the hash of its number (the number never leaves the browser). */
export const fetchInclusionProof = (drawId: string, ticketHash: string) =>
  callRoute(routes.publicDrawProof, { draw_id: drawId, ticket_hash: ticketHash });
