import { PUBLIC } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * Draws as the public sees them (DESIGN section 4, "Fair draws"): records,
 * proofs, results and winners, served by the public Lambda. Apart from the
 * staff's draw endpoints, whose bodies the public Lambda never parses.
 */
export const publicDrawEndpoints = {
  /** A draw's public record: commitment, revealed seed, count, winning seq, masked winner. */
  publicDraw: route('GET', '/api/v1/public/draws/:draw_id', 'public', PUBLIC),
  /** One ticket's Merkle inclusion proof in a draw, by the hash of its number (DESIGN section 4, "Fair draws"). */
  publicDrawProof: route('GET', '/api/v1/public/draws/:draw_id/proof/:ticket_hash', 'public', PUBLIC),
  /** The Fair draws page: every open window's commitment, and recent closed draws. */
  publicFairDraws: route('GET', '/api/v1/public/fair-draws', 'public', PUBLIC),
  /** Past results: the recent house-game draws, each with its record. */
  publicResults: route('GET', '/api/v1/public/results', 'public', PUBLIC),
  /** Recent winners (masked) and real totals, for the public winners page. */
  publicWinners: route('GET', '/api/v1/public/winners', 'public', PUBLIC),
} as const satisfies Record<string, RouteSpec>;
