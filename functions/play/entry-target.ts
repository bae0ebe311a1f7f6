import type { UssdServer } from '../../shared/api/schemas/catalog';
import { houseGame, type HouseGame } from '../../shared/house-games';
import type { Currency } from '../../shared/money';
import { networkOf } from '../../shared/phone';
import { badRequest, conflict } from '../lib/errors';
import type { Assignment } from '../store/assignments';
import { readEntryContext, readSharedCode, type EntryContext } from '../store/entry-context';
import type { HouseRules } from '../store/house-settings';
import { getPromotion, type Promotion } from '../store/promotions';
import type { RateRule, RateSlotRead } from '../store/rate-limits';

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
  return (await resolveWith(target, msisdn, via, {})).resolved;
}

/**
 * `resolveTarget`, reading in the same request what starting the entry
 * needs next: the house rules (the USD rate) and the number's payment
 * requests (the rate limit) — one BatchGetItem for a house game, three
 * requests for a code, instead of a read per item.
 */
export async function resolveEntryTarget(
  target: EntryTarget,
  msisdn: string,
  via: UssdServer | undefined,
  requests: RateRule,
): Promise<ResolvedTarget & { rules: HouseRules; requests: RateSlotRead }> {
  const { resolved, context } = await resolveWith(target, msisdn, via, { rules: true, requests: { rule: requests, key: msisdn } });
  return { ...resolved, rules: context.rules!, requests: context.requests! };
}

async function resolveWith(
  target: EntryTarget,
  msisdn: string,
  via: UssdServer | undefined,
  also: { rules?: boolean; requests?: { rule: RateRule; key: string } },
): Promise<{ resolved: ResolvedTarget; context: EntryContext }> {
  // a house game's assignment and promotion are known by name; a code's claim names both
  const named =
    target.kind === 'house'
      ? { assignmentId: houseGame[target.game].assignmentId, promotionId: houseGame[target.game].promotionId }
      : /^\d{3,10}$/.test(target.sharedCode)
        ? await readSharedCode(target.sharedCode)
        : undefined;
  if (!named) throw badRequest(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  const context = await readEntryContext({ ...named, ...also });
  const { assignment } = context;
  if (!assignment) throw badRequest(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  const promotion = context.promotion?.id === assignment.promotionId ? context.promotion : await getPromotion(assignment.promotionId);
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
  return { resolved: { assignment, promotion, game: target.kind === 'house' ? target.game : 'partner' }, context };
}

/** The price to enter in a currency (DESIGN section 4: promotion prices are entry prices). */
export function priceOf(promotion: Promotion, currency: Currency): number {
  return currency === 'LRD' ? promotion.priceLrdCents : promotion.priceUsdCents;
}
