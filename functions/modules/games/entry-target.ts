import { messages } from '@shared/messages';
import type { UssdServer } from '@shared/api/schemas/catalog';
import { PARTNER_GAME, type GameKind, type HouseGameKind, houseGameIds } from '@shared/games';
import { networkOf } from '@shared/phone';
import { refuseConflict, refuseInvalid } from '../../platform/refusal';
import type { Assignment } from '../catalog';
import {
  entryContextRead,
  readEntryContext,
  readSharedCode,
  type EntryContext,
  type SharedCodeClaim,
} from './store/entry-context';
import { readNothing, type ItemsRead } from '../../platform/store/read-together';
import type { HouseRules } from './store/house-settings';
import { getPromotion, type Promotion } from '../catalog';

/** What a player is entering: a house game, or a partner promotion by its shared code. */
export type EntryTarget = { kind: 'house'; game: HouseGameKind } | { kind: 'code'; sharedCode: string };

export interface ResolvedTarget {
  assignment: Assignment;
  promotion: Promotion;
  game: GameKind;
}

export const UNKNOWN_CODE = 'We do not know that promo code. Check it and try again.';

const NETWORK_NAMES: Record<UssdServer, string> = { lonestar: 'Lonestar MTN', orange: 'Orange' };

/**
 * Shared codes this container has resolved, to spare a code's every entry
 * the read of its claim. Never trusted: the assignment it names is read
 * (strongly consistent) with the entry's other items anyway, and a code
 * edit moves the claim and the assignment's `sharedCode` in one
 * transaction — so an assignment that no longer carries the code means the
 * claim moved, and the claim is read again. Bounded; oldest forgotten first.
 */
const knownCodes = (() => {
  const LIMIT = 1_000;
  const claims = new Map<string, SharedCodeClaim>();
  return {
    get: (code: string) => claims.get(code),
    forget: (code: string) => void claims.delete(code),
    remember(code: string, claim: SharedCodeClaim) {
      claims.delete(code);
      claims.set(code, claim);
      if (claims.size > LIMIT) claims.delete(claims.keys().next().value!);
    },
  };
})();

/**
 * The assignment an entry goes to, checked: it exists, takes entries, and —
 * for a partner promotion — runs on the player's network (DESIGN section 8: "only
 * assignments on that server accept its players"); read in the same request
 * with what starting the entry (or a USSD pay screen's prize and draw) needs
 * next: the house rules — one BatchGetItem for a house game, three requests
 * for a code, instead of a read per item.
 */
export async function resolveEntryTarget(
  target: EntryTarget,
  msisdn: string,
  via: UssdServer | undefined,
  first?: FirstRead,
): Promise<ResolvedTarget & { rules: HouseRules }> {
  const { resolved, context } = await resolveWith(target, msisdn, via, { rules: true }, first);
  return { ...resolved, rules: context.rules! };
}

/** The items `resolveEntryTarget` reads first, read beforehand with the entry's others: what it found. */
export interface FirstRead {
  named: SharedCodeClaim | undefined;
  context: EntryContext;
}

/**
 * The first read of `resolveEntryTarget`, with the house rules, to go in one
 * batch read with the entry's others (platform/store/read-together.ts): a
 * house game's assignment and promotion, or those a code's claim names as
 * this container last read it (none when it has not: the claim is read first).
 */
export function firstEntryTargetRead(target: EntryTarget): ItemsRead<FirstRead> {
  const named = namedBy(target);
  if (!named) return readNothing({ named, context: {} });
  const read = entryContextRead({ ...named, rules: true });
  return { keys: read.keys, answer: (found) => ({ named, context: read.answer(found) }) };
}

/** The assignment and promotion a target names without a read: a house game's, or a known code's claim. */
function namedBy(target: EntryTarget): SharedCodeClaim | undefined {
  if (target.kind === 'house')
    return { assignmentId: houseGameIds[target.game].assignmentId, promotionId: houseGameIds[target.game].promotionId };
  return /^\d{3,10}$/.test(target.sharedCode) ? knownCodes.get(target.sharedCode) : undefined;
}

async function resolveWith(
  target: EntryTarget,
  msisdn: string,
  via: UssdServer | undefined,
  also: { rules?: boolean },
  first?: FirstRead,
): Promise<{ resolved: ResolvedTarget; context: EntryContext }> {
  let named: SharedCodeClaim | undefined;
  let context: EntryContext;
  if (target.kind === 'house') {
    // a house game's assignment and promotion are known by name
    named = namedBy(target)!;
    context = first?.context ?? (await readEntryContext({ ...named, ...also }));
  } else {
    // a code's claim names both: as this container last read it, checked against the assignment read now
    const code = target.sharedCode;
    if (!/^\d{3,10}$/.test(code)) throw refuseInvalid(UNKNOWN_CODE, { shared_code: 'Unknown code' });
    named = first ? first.named : knownCodes.get(code);
    context = first?.named ? first.context : named ? await readEntryContext({ ...named, ...also }) : {};
    if (!named || context.assignment?.sharedCode !== code) {
      knownCodes.forget(code);
      named = await readSharedCode(code);
      if (!named) throw refuseInvalid(UNKNOWN_CODE, { shared_code: 'Unknown code' });
      context = await readEntryContext({ ...named, ...also });
      if (context.assignment?.sharedCode === code) knownCodes.remember(code, named);
    }
  }
  const { assignment } = context;
  if (!assignment) throw refuseInvalid(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  const promotion =
    context.promotion?.id === assignment.promotionId ? context.promotion : await getPromotion(assignment.promotionId);
  if (!promotion) throw refuseInvalid(UNKNOWN_CODE, { shared_code: 'Unknown code' });
  if (assignment.status !== 'active') throw refuseConflict(messages.refusals.promotionEnded(promotion.title));
  if (assignment.server !== 'all') {
    const network = networkOf(msisdn);
    if ((via && via !== assignment.server) || network !== assignment.server) {
      throw refuseInvalid(messages.refusals.networkOnly(promotion.title, NETWORK_NAMES[assignment.server]), {
        mobile_number: 'Wrong network for this promotion',
      });
    }
  }
  return { resolved: { assignment, promotion, game: target.kind === 'house' ? target.game : PARTNER_GAME }, context };
}
