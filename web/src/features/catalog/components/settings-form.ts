import { settingsBody, type SettingsRequest, type SettingsView } from '@shared/api/schemas/catalog';

/**
 * The Settings form: every field as the form holds it (text, from what GET
 * settings answers, `SettingsView`), and the body PUT settings takes. Amounts
 * and rates stay text from the server to the server (the server parses them
 * exactly into whole minor units, milli-rates and basis points): no float
 * touches them.
 */
export interface SettingsFields {
  dailyPriceLrd: string;
  dailyPriceUsd: string;
  dailyPrize: string;
  dailyTime: string;
  jackpotPriceLrd: string;
  jackpotPriceUsd: string;
  jackpotBase: string;
  jackpotShare: string;
  jackpotCap: string;
  jackpotWeekday: string;
  jackpotTime: string;
  rate: string;
  fee: string;
  spendLimit: string;
}

export type SettingsField = keyof SettingsFields;

/** Each field's label: the form's, and the name an error gives. */
export const SETTINGS_LABELS: Record<SettingsField, string> = {
  dailyPriceLrd: 'Daily entry price (L$)',
  dailyPriceUsd: 'Daily entry price (US$)',
  dailyPrize: 'Daily prize (L$)',
  dailyTime: 'Daily draw time (GMT)',
  jackpotPriceLrd: 'Jackpot entry price (L$)',
  jackpotPriceUsd: 'Jackpot entry price (US$)',
  jackpotBase: 'Jackpot base prize (L$)',
  jackpotShare: "Share of the week's stakes added (%)",
  jackpotCap: 'Jackpot prize cap (L$)',
  jackpotWeekday: 'Jackpot draw day',
  jackpotTime: 'Jackpot draw time (GMT)',
  rate: 'USD → LRD rate (LRD per US$ 1)',
  fee: 'Mobile-network fee rate (%)',
  spendLimit: 'Daily spending limit per number (L$, 0 = off)',
};

/** The body's path of each field (where the schema reports a problem). */
const PATHS: Record<SettingsField, string> = {
  dailyPriceLrd: 'daily.price_lrd',
  dailyPriceUsd: 'daily.price_usd',
  dailyPrize: 'daily.prize_lrd',
  dailyTime: 'daily.draw_time',
  jackpotPriceLrd: 'jackpot.price_lrd',
  jackpotPriceUsd: 'jackpot.price_usd',
  jackpotBase: 'jackpot.base_prize_lrd',
  jackpotShare: 'jackpot.stake_share_percentage',
  jackpotCap: 'jackpot.prize_cap_lrd',
  jackpotWeekday: 'jackpot.draw_weekday',
  jackpotTime: 'jackpot.draw_time',
  rate: 'usd_to_lrd_rate',
  fee: 'mobile_network_fee_percentage',
  spendLimit: 'daily_spend_limit_lrd',
};

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 2.5 → "2.50", 3 → "3.00": the digits of the number as sent (at most two decimals), padded; no arithmetic. */
export function percentText(value: number): string {
  const [whole = '0', fraction = ''] = String(value).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export function fieldsOf(view: SettingsView): SettingsFields {
  return {
    dailyPriceLrd: view.daily.price_lrd,
    dailyPriceUsd: view.daily.price_usd,
    dailyPrize: view.daily.prize_lrd,
    dailyTime: view.daily.draw_time,
    jackpotPriceLrd: view.jackpot.price_lrd,
    jackpotPriceUsd: view.jackpot.price_usd,
    jackpotBase: view.jackpot.base_prize_lrd,
    jackpotShare: percentText(view.jackpot.stake_share_percentage),
    jackpotCap: view.jackpot.prize_cap_lrd,
    jackpotWeekday: String(view.jackpot.draw_weekday),
    jackpotTime: view.jackpot.draw_time,
    rate: view.usd_to_lrd_rate,
    fee: percentText(view.mobile_network_fee_percentage),
    spendLimit: view.daily_spend_limit_lrd,
  };
}

/** Amounts may be typed with grouping commas ("12,000.00"); the server takes plain digits. */
const plain = (text: string) => text.trim().replace(/,/g, '');

/** The PUT body for `fields`, carrying the version they were read at. */
export function bodyOf(fields: SettingsFields, version: number): SettingsRequest {
  return {
    version,
    daily: {
      price_lrd: plain(fields.dailyPriceLrd),
      price_usd: plain(fields.dailyPriceUsd),
      prize_lrd: plain(fields.dailyPrize),
      draw_time: fields.dailyTime.trim(),
    },
    jackpot: {
      price_lrd: plain(fields.jackpotPriceLrd),
      price_usd: plain(fields.jackpotPriceUsd),
      base_prize_lrd: plain(fields.jackpotBase),
      stake_share_percentage: plain(fields.jackpotShare),
      prize_cap_lrd: plain(fields.jackpotCap),
      draw_weekday: Number(fields.jackpotWeekday),
      draw_time: fields.jackpotTime.trim(),
    },
    usd_to_lrd_rate: plain(fields.rate),
    mobile_network_fee_percentage: plain(fields.fee),
    daily_spend_limit_lrd: plain(fields.spendLimit),
  };
}

/** The problems the server would find, each under its field and naming it ("Daily prize (L$): Enter an amount…"). */
export function settingsProblems(fields: SettingsFields): Partial<Record<SettingsField, string>> {
  const result = settingsBody.safeParse(bodyOf(fields, 0));
  if (result.success) return {};
  const problems: Partial<Record<SettingsField, string>> = {};
  for (const issue of result.error.issues) {
    const field = (Object.keys(PATHS) as SettingsField[]).find((key) => PATHS[key] === issue.path.join('.'));
    if (field && !problems[field]) problems[field] = `${SETTINGS_LABELS[field]}: ${issue.message}`;
  }
  return problems;
}

/** The fields whose text differs between two readings (what a stale edit had changed). */
export function changedFields(from: SettingsFields, to: SettingsFields): SettingsField[] {
  return (Object.keys(from) as SettingsField[]).filter((key) => from[key] !== to[key]);
}
