import type { drawRoutes } from '@shared/api/routes/draws';
import type { ResponseOut } from '@shared/api/route-spec';
import { apiGet } from '@web/lib/api-client';
import { takeEarly } from '@web/lib/early-get';

type Answer<K extends 'publicFairDraws' | 'publicDraw' | 'publicDrawProof'> = ResponseOut<(typeof drawRoutes)[K]>;

/**
 * The fairness pages' paths (a unit test pins them to the routing table). Their answers are typed from the
 * routes' schemas (type-only imports) and not parsed here: zod and the routing table were most of the record
 * page's JavaScript, seconds on a 3G phone before its verdict (issue 35); the page checks the record itself.
 */
export const fairnessPaths = {
  fairDraws: '/api/v1/public/fair-draws',
  draw: (drawId: string) => `/api/v1/public/draws/${encodeURIComponent(drawId)}`,
  proof: (drawId: string, ticketHash: string) =>
    `/api/v1/public/draws/${encodeURIComponent(drawId)}/proof/${encodeURIComponent(ticketHash)}`,
} as const;

/** Every open window's commitment and the recent closed draws (the Fair draws page). */
export const fetchFairDraws = (signal?: AbortSignal) =>
  apiGet<Answer<'publicFairDraws'>>(fairnessPaths.fairDraws, signal);

/** A draw's public record (/draws/{id}): the one asked for while the page's chunk loaded, else asked now. */
export const fetchDrawRecord = (drawId: string, signal?: AbortSignal) =>
  takeEarly<Answer<'publicDraw'>>(fairnessPaths.draw(drawId)) ??
  apiGet<Answer<'publicDraw'>>(fairnessPaths.draw(drawId), signal);

/** One ticket's inclusion proof, asked for by the hash of its number (the number never leaves the browser). */
export const fetchInclusionProof = (drawId: string, ticketHash: string) =>
  apiGet<Answer<'publicDrawProof'>>(fairnessPaths.proof(drawId, ticketHash));
