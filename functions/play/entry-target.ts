import type { UssdServer } from '../../shared/api/schemas/catalog';
import { houseGame, type HouseGame } from '../../shared/house-games';
import type { Currency } from '../../shared/money';
import { networkOf } from '../../shared/phone';
import { badRequest, conflict } from '../lib/errors';
import { getAssignment, type Assignment } from '../store/assignments';
import { getPromotion, type Promotion } from '../store/promotions';
import { uniqueOwner } from '../store/users';

/** What a player is entering: a house game, or a partner promotion by its shared code. */
export type EntryTarget = { kind: 'house'; game: HouseGame } | { kind: 'code'; sharedCode: string };

export interface ResolvedTarget {
  assignment: Assignment;
  promotion: Promotion;
  game: 'daily' | 'jackpot' | 'partner';
}

export const UNKNOWN_CODE = 'We do not know that promo code. Check it and try again.';

const NETWORK_NAMES: Record<UssdServer, string> = { lonestar: 'Lonestar MTN', orange: 'Orange' };

/**
 * The assignment an entry goes to, checked: it exists, takes entries, and —
 * for a partner promotion — runs on the player's network (issue 5: "only
 * assignments on that server accept its players").
 */
export async function resolveTarget(target: EntryTarget, msisdn: string, via?: UssdServer): Promise<ResolvedTarget> {
  const assignmentId =
    target.kind === 'house'
      ? houseGame[target.game].assignmentId
      : /^\d{3,10}$/.test(target.sharedCode)
        ? await uniqueOwner('sharedCode', target.sharedCode)
        : undefined;
  const assignment = assignmentId ? await getAssignment(assignmentId) : undefined;
  if (!assignment) throw badRequest(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  const promotion = await getPromotion(assignment.promotionId);
  if (!promotion) throw badRequest(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  if (assignment.status !== 'active') throw conflict(`${promotion.title} has ended and takes no new entries.`);
  if (assignment.server !== 'all') {
    const network = networkOf(msisdn);
    if ((via && via !== assignment.server) || network !== assignment.server) {
      throw badRequest(`${promotion.title} is open to ${NETWORK_NAMES[assignment.server]} numbers only.`, {
        mobile_number: 'Wrong network for this promotion',
      });
    }
  }
  return { assignment, promotion, game: target.kind === 'house' ? target.game : 'partner' };
}

/** The price to enter in a currency (DESIGN section 4: promotion prices are entry prices). */
export function priceOf(promotion: Promotion, currency: Currency): number {
  return currency === 'LRD' ? promotion.priceLrdCents : promotion.priceUsdCents;
}
