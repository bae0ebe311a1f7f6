import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { HOUSE_GAMES, type HouseGameKind, houseGameIds } from '@shared/games';
import { DEFAULT_HOUSE_SETTINGS, type HouseSettings } from '@shared/house-games';
import { commitIfConditionsHold, db, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict } from '../../../platform/refusal';
import { messages } from '@shared/messages';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { getPromotions } from '../../catalog';

/**
 * House settings: house-game prizes and schedules, the USD→LRD
 * rate and the mobile-network fee rate live on SETTINGS/HOUSE; the house
 * games' entry prices live on their promotion items (one price, wherever it is
 * read). `version` makes concurrent edits fail rather than overwrite.
 */
export interface StoredSettings {
  settings: HouseSettings;
  version: number;
  updatedAt?: string;
}

/** The settings without the house-game prices: all that schedules, the rate and the fee need. */
export interface HouseRules {
  daily: Omit<HouseSettings['daily'], 'priceLrdCents' | 'priceUsdCents'>;
  jackpot: Omit<HouseSettings['jackpot'], 'priceLrdCents' | 'priceUsdCents'>;
  usdToLrdRateMilli: number;
  mobileNetworkFeeBp: number;
  dailySpendLimitLrdCents: number;
}

/** One read of SETTINGS/HOUSE (hot paths: entries, ticket SMS, ticket checks), defaults filled in. */
export async function getHouseRules(): Promise<{ rules: HouseRules; version: number; updatedAt?: string }> {
  const item = await db().send(new GetCommand({ TableName: tableName(), Key: keys.settings, ConsistentRead: true }));
  return houseRulesOf(item.Item);
}

/** The rules held by a SETTINGS/HOUSE item as read (none yet: the defaults). */
export function houseRulesOf(item: Record<string, unknown> | undefined): {
  rules: HouseRules;
  version: number;
  updatedAt?: string;
} {
  const stored = (item ?? {}) as Partial<HouseRules> & { version?: number; updatedAt?: string };
  const d = DEFAULT_HOUSE_SETTINGS;
  return {
    rules: {
      daily: {
        drawTime: stored.daily?.drawTime ?? d.daily.drawTime,
        prizeLrdCents: stored.daily?.prizeLrdCents ?? d.daily.prizeLrdCents,
        ...(stored.daily?.scheduleChange ? { scheduleChange: stored.daily.scheduleChange } : {}),
      },
      jackpot: {
        basePrizeLrdCents: stored.jackpot?.basePrizeLrdCents ?? d.jackpot.basePrizeLrdCents,
        stakeShareBp: stored.jackpot?.stakeShareBp ?? d.jackpot.stakeShareBp,
        prizeCapLrdCents: stored.jackpot?.prizeCapLrdCents ?? d.jackpot.prizeCapLrdCents,
        drawWeekday: stored.jackpot?.drawWeekday ?? d.jackpot.drawWeekday,
        drawTime: stored.jackpot?.drawTime ?? d.jackpot.drawTime,
        ...(stored.jackpot?.scheduleChange ? { scheduleChange: stored.jackpot.scheduleChange } : {}),
      },
      usdToLrdRateMilli: stored.usdToLrdRateMilli ?? d.usdToLrdRateMilli,
      mobileNetworkFeeBp: stored.mobileNetworkFeeBp ?? d.mobileNetworkFeeBp,
      dailySpendLimitLrdCents: stored.dailySpendLimitLrdCents ?? d.dailySpendLimitLrdCents,
    },
    version: stored.version ?? 0,
    updatedAt: stored.updatedAt,
  };
}

/** The whole settings: the rules plus the house games' prices from their promotion items. */
export async function getHouseSettings(): Promise<StoredSettings> {
  const [{ rules, version, updatedAt }, promotions] = await Promise.all([
    getHouseRules(),
    getPromotions(HOUSE_GAMES.map((game) => houseGameIds[game].promotionId)),
  ]);
  const price = (game: HouseGameKind) => {
    const promotion = promotions.get(houseGameIds[game].promotionId);
    const d = DEFAULT_HOUSE_SETTINGS[game];
    return {
      priceLrdCents: promotion?.priceLrdCents ?? d.priceLrdCents,
      priceUsdCents: promotion?.priceUsdCents ?? d.priceUsdCents,
    };
  };
  return {
    settings: {
      ...rules,
      daily: { ...rules.daily, ...price('daily') },
      jackpot: { ...rules.jackpot, ...price('jackpot') },
    },
    version,
    updatedAt,
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
    dailySpendLimitLrdCents: settings.dailySpendLimitLrdCents,
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
  // any lost condition means the same: the settings (or a house promotion) changed since the editor read them
  const committed = await commitIfConditionsHold([
    {
      Put: {
        TableName: tableName(),
        Item: settingsItem(next, expectedVersion + 1, at),
        // no lost update: the editor saw the current version
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk) OR version = :v' : 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    ...HOUSE_GAMES.map((game) =>
      priceUpdate(houseGameIds[game].promotionId, next[game].priceLrdCents, next[game].priceUsdCents, at),
    ),
    auditWrite(
      { ...actor, action: 'settings.update', target: 'settings:house', before: before.settings, after: next },
      now,
    ),
  ]);
  if (!committed) throw refuseConflict(messages.settings.stale, { version: 'Out of date' });
  return { settings: next, version: expectedVersion + 1, updatedAt: at };
}
