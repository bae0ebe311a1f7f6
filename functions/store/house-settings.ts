import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_HOUSE_SETTINGS, houseGame, type HouseSettings } from '../../shared/house-games';
import { db, isConditionFailure, tableName } from '../lib/dynamo';
import { conflict } from '../lib/errors';
import { auditWrite, type AuditEntry } from './audit';
import { keys } from './keys';
import { getPromotions } from './promotions';

/**
 * House settings (issue 4): house-game prizes and schedules, the USD→LRD
 * rate and the mobile-network fee rate live on SETTINGS/HOUSE; the house
 * games' entry prices live on their promotion items (one price, wherever it is
 * read). `version` makes concurrent edits fail rather than overwrite.
 */
export interface StoredSettings {
  settings: HouseSettings;
  version: number;
  updatedAt?: string;
}

type Actor = Omit<AuditEntry, 'action' | 'target' | 'before' | 'after'>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function getHouseSettings(): Promise<StoredSettings> {
  const [item, promotions] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: keys.settings, ConsistentRead: true })),
    getPromotions([houseGame.daily.promotionId, houseGame.jackpot.promotionId]),
  ]);
  const stored = (item.Item ?? {}) as Partial<HouseSettings> & { version?: number; updatedAt?: string };
  const daily = promotions.get(houseGame.daily.promotionId);
  const jackpot = promotions.get(houseGame.jackpot.promotionId);
  const d = DEFAULT_HOUSE_SETTINGS;
  return {
    settings: {
      daily: {
        ...d.daily,
        ...stored.daily,
        priceLrdCents: daily?.priceLrdCents ?? d.daily.priceLrdCents,
        priceUsdCents: daily?.priceUsdCents ?? d.daily.priceUsdCents,
      },
      jackpot: {
        ...d.jackpot,
        ...stored.jackpot,
        priceLrdCents: jackpot?.priceLrdCents ?? d.jackpot.priceLrdCents,
        priceUsdCents: jackpot?.priceUsdCents ?? d.jackpot.priceUsdCents,
      },
      usdToLrdRateMilli: stored.usdToLrdRateMilli ?? d.usdToLrdRateMilli,
      mobileNetworkFeeBp: stored.mobileNetworkFeeBp ?? d.mobileNetworkFeeBp,
    },
    version: stored.version ?? 0,
    updatedAt: stored.updatedAt,
  };
}

function priceUpdate(promotionId: string, lrd: number, usd: number, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.promotion(promotionId),
      UpdateExpression: 'SET priceLrdCents = :lrd, priceUsdCents = :usd, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':lrd': lrd, ':usd': usd, ':at': at },
    },
  };
}

/** The SETTINGS/HOUSE item for `settings` (prices excluded: they live on the house promotions). */
export function settingsItem(settings: HouseSettings, version: number, at: string) {
  const { priceLrdCents: _dl, priceUsdCents: _du, ...daily } = settings.daily;
  const { priceLrdCents: _jl, priceUsdCents: _ju, ...jackpot } = settings.jackpot;
  return {
    ...keys.settings,
    entity: 'settings',
    daily,
    jackpot,
    usdToLrdRateMilli: settings.usdToLrdRateMilli,
    mobileNetworkFeeBp: settings.mobileNetworkFeeBp,
    version,
    updatedAt: at,
  };
}

/** Replace the settings; `expectedVersion` must be the version the editor saw (409 otherwise). */
export async function putHouseSettings(
  next: HouseSettings,
  expectedVersion: number,
  actor: Actor,
  now: Date,
): Promise<StoredSettings> {
  const before = await getHouseSettings();
  const at = now.toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: settingsItem(next, expectedVersion + 1, at),
              // no lost update: the editor saw the current version
              ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk) OR version = :v' : 'version = :v',
              ExpressionAttributeValues: { ':v': expectedVersion },
            },
          },
          priceUpdate(houseGame.daily.promotionId, next.daily.priceLrdCents, next.daily.priceUsdCents, at),
          priceUpdate(houseGame.jackpot.promotionId, next.jackpot.priceLrdCents, next.jackpot.priceUsdCents, at),
          auditWrite({ ...actor, action: 'settings.update', target: 'settings:house', before: before.settings, after: next }, now),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('The settings were changed by someone else. Reload them and try again.');
    throw error;
  }
  return { settings: next, version: expectedVersion + 1, updatedAt: at };
}
