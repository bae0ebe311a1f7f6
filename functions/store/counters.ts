import { BatchGetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Currency } from '../../shared/money';
import { periodsOf } from '../domain/periods';
import { tableName, db } from '../lib/dynamo';
import { keys } from './keys';

/**
 * Aggregates are maintained, never scanned (DESIGN section 2): counters per
 * assignment per day, ISO week, month and year, and platform totals per day,
 * month and year, each updated in the same transaction as the entry that
 * changes them. Every dashboard figure is a handful of GetItems.
 */
export const PLATFORM = 'PLATFORM';

export interface CounterValues {
  entries: number;
  /** Collected in LRD, LRD cents. */
  lrdCents: number;
  /** Collected in USD, USD cents. */
  usdCents: number;
  /** Everything collected, valued in LRD cents (USD at each entry's rate). */
  valueLrdCents: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The one counter write: ADD each named amount to the (owner, period) item,
 * tagging it so live topics can route the change without a read.
 */
function counterAdd(
  owner: string,
  period: 'D' | 'W' | 'M' | 'Y',
  value: string,
  amounts: Record<string, number>,
  tags: Record<string, string> = {},
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(owner, period, value),
      UpdateExpression:
        'SET entity = :entity, #owner = :owner, period = :period, periodValue = :value' +
        Object.keys(tags).map((k) => `, ${k} = :${k}`).join('') +
        ' ADD ' +
        Object.keys(amounts).map((k) => `${k} :${k}`).join(', '),
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: {
        ':entity': 'counter',
        ':owner': owner,
        ':period': period,
        ':value': value,
        ...Object.fromEntries(Object.entries(tags).map(([k, v]) => [`:${k}`, v])),
        ...Object.fromEntries(Object.entries(amounts).map(([k, v]) => [`:${k}`, v])),
      },
    },
  };
}

const add = (owner: string, period: 'D' | 'W' | 'M' | 'Y', value: string, delta: CounterValues, tags: Record<string, string>) =>
  counterAdd(owner, period, value, { ...delta }, tags);

/** The counter writes of one paid entry: 4 for its assignment, 3 for the platform. */
export function paidEntryCounterWrites(
  assignment: { id: string; partnerId: string; promotionId: string },
  amountCents: number,
  currency: Currency,
  valueLrdCents: number,
  paidAt: Date,
): TransactItem[] {
  const p = periodsOf(paidAt);
  const delta: CounterValues = {
    entries: 1,
    lrdCents: currency === 'LRD' ? amountCents : 0,
    usdCents: currency === 'USD' ? amountCents : 0,
    valueLrdCents,
  };
  const tags = { assignmentId: assignment.id, partnerId: assignment.partnerId, promotionId: assignment.promotionId };
  return [
    add(assignment.id, 'D', p.day, delta, tags),
    add(assignment.id, 'W', p.week, delta, tags),
    add(assignment.id, 'M', p.month, delta, tags),
    add(assignment.id, 'Y', p.year, delta, tags),
    add(PLATFORM, 'D', p.day, delta, {}),
    add(PLATFORM, 'M', p.month, delta, {}),
    add(PLATFORM, 'Y', p.year, delta, {}),
  ];
}

const ZERO: CounterValues = { entries: 0, lrdCents: 0, usdCents: 0, valueLrdCents: 0 };

/** Read counters by (owner, period, value); missing ones are zero. */
export async function readCounters(
  wanted: Array<{ owner: string; period: 'D' | 'W' | 'M' | 'Y'; value: string }>,
): Promise<CounterValues[]> {
  const found = new Map<string, CounterValues>();
  const keyOf = (pk: string, sk: string) => `${pk}|${sk}`;
  for (let i = 0; i < wanted.length; i += 100) {
    let request: Record<string, { Keys: Array<Record<string, string>> }> | undefined = {
      [tableName()]: { Keys: dedupe(wanted.slice(i, i + 100).map((w) => keys.counter(w.owner, w.period, w.value))) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName()] ?? []) {
        found.set(keyOf(item.pk as string, item.sk as string), {
          entries: (item.entries as number) ?? 0,
          lrdCents: (item.lrdCents as number) ?? 0,
          usdCents: (item.usdCents as number) ?? 0,
          valueLrdCents: (item.valueLrdCents as number) ?? 0,
        });
      }
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return wanted.map((w) => {
    const k = keys.counter(w.owner, w.period, w.value);
    return found.get(keyOf(k.pk, k.sk)) ?? ZERO;
  });
}

function dedupe(list: Array<Record<string, string>>) {
  const seen = new Set<string>();
  return list.filter((k) => {
    const id = `${k.pk}|${k.sk}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

// ── winners and prizes (issue 6): written in the draw's own transaction ──────

export interface WinnerCounterValues {
  winners: number;
  /** Prizes awarded, LRD cents. */
  prizesLrdCents: number;
}

/** The counter writes of one drawn winner: its assignment's D/W/M/Y and the platform's D/M/Y. */
export function winnerCounterWrites(
  assignment: { id: string; partnerId: string; promotionId: string },
  prizeLrdCents: number,
  drawnAt: Date,
): TransactItem[] {
  const p = periodsOf(drawnAt);
  const tags = { assignmentId: assignment.id, partnerId: assignment.partnerId, promotionId: assignment.promotionId };
  const addWinner = (owner: string, period: 'D' | 'W' | 'M' | 'Y', value: string, ownerTags: Record<string, string>) =>
    counterAdd(owner, period, value, { winners: 1, prizesLrdCents: prizeLrdCents }, ownerTags);
  return [
    addWinner(assignment.id, 'D', p.day, tags),
    addWinner(assignment.id, 'W', p.week, tags),
    addWinner(assignment.id, 'M', p.month, tags),
    addWinner(assignment.id, 'Y', p.year, tags),
    addWinner(PLATFORM, 'D', p.day, {}),
    addWinner(PLATFORM, 'M', p.month, {}),
    addWinner(PLATFORM, 'Y', p.year, {}),
  ];
}

/** Winner counters by (owner, period, value); missing ones are zero. */
export async function readWinnerCounters(
  wanted: Array<{ owner: string; period: 'D' | 'W' | 'M' | 'Y'; value: string }>,
): Promise<WinnerCounterValues[]> {
  const found = new Map<string, WinnerCounterValues>();
  const wantedKeys = dedupe(wanted.map((w) => keys.counter(w.owner, w.period, w.value)));
  for (let i = 0; i < wantedKeys.length; i += 100) {
    let request: Record<string, { Keys: Array<Record<string, string>> }> | undefined = {
      [tableName()]: { Keys: wantedKeys.slice(i, i + 100) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName()] ?? []) {
        found.set(`${item.pk as string}|${item.sk as string}`, {
          winners: (item.winners as number) ?? 0,
          prizesLrdCents: (item.prizesLrdCents as number) ?? 0,
        });
      }
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return wanted.map((w) => {
    const k = keys.counter(w.owner, w.period, w.value);
    return found.get(`${k.pk}|${k.sk}`) ?? { winners: 0, prizesLrdCents: 0 };
  });
}

// ── money out (issue 7) ─────────────────────────────────────────────────────

/**
 * Owner of the money-out counters: partner and announcer payouts paid, per
 * GMT day, month and year of payment, written in the transaction that marks
 * a payout paid. Items of their own, so payouts never contend with
 * settlement's PLATFORM counters. (Winners and prizes are counted at the
 * draw, on PLATFORM and assignment counters: winnerCounterWrites.)
 */
export const MONEY_OUT = 'MONEYOUT';

export interface MoneyOutValues {
  /** Partner payouts paid, LRD cents. */
  partnerPaidCents: number;
  /** Announcer payouts paid (the overview's "Announcers Bouns Payout"), LRD cents. */
  announcerPaidCents: number;
}

/** The counter writes of one paid payout: D, M and Y items of MONEY_OUT, adding only the non-zero fields. */
export function moneyOutCounterWrites(delta: Partial<MoneyOutValues>, paidAt: Date): TransactItem[] {
  const fields = Object.entries(delta).filter(([, value]) => value !== undefined && value !== 0) as Array<[string, number]>;
  if (fields.length === 0) return [];
  const p = periodsOf(paidAt);
  return (
    [
      ['D', p.day],
      ['M', p.month],
      ['Y', p.year],
    ] as const
  ).map(([period, value]) => counterAdd(MONEY_OUT, period, value, Object.fromEntries(fields)));
}

/** Read money-out counters by (period, value); missing ones are zero. */
export async function readMoneyOut(wanted: Array<{ period: 'D' | 'M' | 'Y'; value: string }>): Promise<MoneyOutValues[]> {
  const found = new Map<string, MoneyOutValues>();
  const wantedKeys = dedupe(wanted.map((w) => keys.counter(MONEY_OUT, w.period, w.value)));
  for (let i = 0; i < wantedKeys.length; i += 100) {
    let request: Record<string, { Keys: Array<Record<string, string>> }> | undefined = {
      [tableName()]: { Keys: wantedKeys.slice(i, i + 100) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName()] ?? []) {
        found.set(item.sk as string, {
          partnerPaidCents: (item.partnerPaidCents as number) ?? 0,
          announcerPaidCents: (item.announcerPaidCents as number) ?? 0,
        });
      }
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return wanted.map((w) => found.get(keys.counter(MONEY_OUT, w.period, w.value).sk) ?? { partnerPaidCents: 0, announcerPaidCents: 0 });
}
