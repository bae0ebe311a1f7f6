import { HOUSE_GAMES, houseGame, houseGameIds } from '@shared/games';
import { DEFAULT_HOUSE_SETTINGS, HOUSE_PARTNER } from '@shared/house-games';
import { commitIfConditionsHold, tableName } from '../../../platform/dynamo';
import { assignmentItem, openedAssignment, newPromotionPut, type Promotion, windowSeedPut } from '../../catalog';
import { settingsItem } from './house-settings';
import { claimItem } from '../../staff';
import { housePrize } from '../registry';

/**
 * The house games exist from first start (DESIGN section 4 "House games"): the Daily Cash Giveaway
 * and Jackpot promotions with the spec's entry prices, their assignments to
 * the built-in house partner, and the default settings. Idempotent: a game
 * that exists is left exactly as it is.
 */
export async function ensureHouseGames(now: Date): Promise<{ created: string[] }> {
  const at = now.toISOString();
  const created: string[] = [];
  for (const game of HOUSE_GAMES) {
    const spec = { ...houseGame[game], ...houseGameIds[game] };
    const prices = DEFAULT_HOUSE_SETTINGS[game];
    const promotion: Promotion = {
      id: spec.promotionId,
      title: spec.title,
      priceLrdCents: prices.priceLrdCents,
      priceUsdCents: prices.priceUsdCents,
      kind: game,
      assignmentCount: 1,
      createdAt: at,
      updatedAt: at,
    };
    const { assignment, seed } = openedAssignment(
      {
        id: spec.assignmentId,
        partnerId: HOUSE_PARTNER.id,
        promotionId: spec.promotionId,
        kind: 'house',
        partnerBp: 0,
        announcerBp: 0,
        server: 'all',
        threshold: 0,
        startingThreshold: 0,
        // the default prize of an empty window (the jackpot's base)
        winnerAmountCents: housePrize(game, DEFAULT_HOUSE_SETTINGS, 0),
      },
      now,
    );
    // a lost condition, whichever: the game exists already and is left as it is
    const written = await commitIfConditionsHold([
      // first start only: never overwrite a configured game
      newPromotionPut(promotion),
      claimItem({ kind: 'promotionTitle', value: spec.title, field: 'promotion_title' }, spec.promotionId),
      {
        Put: {
          TableName: tableName(),
          Item: assignmentItem(assignment),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // the first window's seed, committed before any ticket joins it
      windowSeedPut(seed),
    ]);
    if (written) created.push(game);
  }
  const settingsWritten = await commitIfConditionsHold([
    {
      Put: {
        TableName: tableName(),
        Item: settingsItem(DEFAULT_HOUSE_SETTINGS, 1, at),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (settingsWritten) created.push('settings');
  return { created };
}
