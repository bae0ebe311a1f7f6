import type { Currency } from '@shared/money';
import { gameLedgerLineId, gameLedgerPart, stakeLine, type GameLedgerLine } from '../game-ledger-rules';
import { tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * A settlement batch's stake lines, kept as ONE game-ledger item (DESIGN
 * section 10: an item per entry would cost 2 write units an entry in the
 * batch's transaction; one item of up to 40 entries stays under 3 KB, 6 units
 * a batch):
 *
 *   GAMELEDGER#<day>#s<n> / <paidAt>#stakes#<first entry's id>
 *
 * in the part its first entry's stake line would take (gameLedgerPart). What
 * the batch's lines share (time, assignment, promotion, partner, game) is
 * stored once; each entry is a short tuple. Readers expand it into the very
 * lines it holds (`stakeLinesOf`), each with its own id `<paidAt>#stake#<entryId>`,
 * so no report, page or seal can tell it from a line stored alone.
 */
const STAKES_ENTITY = 'gameLedgerStakes';

/**
 * One entry's stake: its LRD value only when it differs from its amount (a USD stake), with the rate booked
 * with it (USD).
 */
type StakeTuple =
  | [ref: string, currency: Currency, amountCents: number]
  | [ref: string, currency: Currency, amountCents: number, valueLrdCents: number]
  | [ref: string, currency: Currency, amountCents: number, valueLrdCents: number, rateMilli: number];

interface StakesItem {
  at: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  game: GameLedgerLine['game'];
  stakes: StakeTuple[];
}

const SHARED = ['at', 'assignmentId', 'promotionId', 'partnerId'] as const;

function tupleOf(line: GameLedgerLine): StakeTuple {
  const { ref, currency, amountCents, valueLrdCents, rateMilli } = line;
  if (currency === 'USD' && rateMilli !== undefined) return [ref, currency, amountCents, valueLrdCents, rateMilli];
  return valueLrdCents === amountCents ? [ref, currency, amountCents] : [ref, currency, amountCents, valueLrdCents];
}

/**
 * The Put of a settlement batch's stake lines as one item, for the batch's transaction; every line a
 * stake of the same payment time, window and game (what the item stores once).
 */
export function gameLedgerStakesPut(lines: readonly GameLedgerLine[]): TransactItem {
  const first = lines[0];
  if (!first) throw new Error('a batch books at least one stake');
  for (const line of lines) {
    if (line.kind !== 'stake' || line.game !== first.game || SHARED.some((field) => line[field] !== first[field]))
      throw new Error(`a batch's stakes share their time, window and game: ${line.ref}`);
    if (!Number.isSafeInteger(line.amountCents) || !Number.isSafeInteger(line.valueLrdCents))
      throw new Error(`a game-ledger line is a whole number of cents: ${line.amountCents}`);
  }
  const item: StakesItem = {
    at: first.at,
    assignmentId: first.assignmentId,
    promotionId: first.promotionId,
    partnerId: first.partnerId,
    game: first.game,
    stakes: lines.map(tupleOf),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.gameLedgerStakes(first.at.slice(0, 10), gameLedgerPart(first), first.at, first.ref),
        entity: STAKES_ENTITY,
        ...item,
      },
      // a batch is booked once: the same batch booked again fails its transaction
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The stake lines a batch's item holds, in its order, each as it would be stored alone. */
export function stakeLinesOf(item: StakesItem): Array<GameLedgerLine & { id: string }> {
  return item.stakes.map(([ref, currency, amountCents, valueLrdCents, rateMilli]) => {
    const entry = { ...item, id: ref, currency, amountCents, rateMilli: rateMilli ?? 0 };
    const line = stakeLine(entry, item.at, valueLrdCents ?? amountCents);
    return { id: gameLedgerLineId(line), ...line };
  });
}

export const isStakesItem = (item: Record<string, unknown>): item is StakesItem & Record<string, unknown> =>
  item.entity === STAKES_ENTITY;
