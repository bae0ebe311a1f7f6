import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { orderIdOf } from '../functions/integrations/orange/orange-wire';
import { refundPayoutId } from '../functions/modules/payouts';
import { LOCAL_CREDENTIALS } from '../functions/platform/dynamo';

/**
 * The outcomes bench's accounts (bench/outcomes.ts): every debit the
 * simulators took, from their own records (the state files they keep in the
 * data directory: MoMo's payments and transfers, Orange's transactions, the
 * SMS gateway's messages), set against the table, read-only (entries, SMS
 * records, payouts): did each debit become a ticket or a refund, and was
 * each player told?
 */
export interface TableState {
  entries: Array<Record<string, any>>;
  sms: Array<Record<string, any>>;
  payouts: Array<Record<string, any>>;
}

/** A read-only scan of the bench stack's table: what the bench needs of it. */
export async function readTable(endpoint: string, tableName: string): Promise<TableState> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
  );
  const state: TableState = { entries: [], sms: [], payouts: [] };
  let start: Record<string, any> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (item.entity === 'entry') state.entries.push(item);
      else if (item.entity === 'sms-record') state.sms.push(item);
      else if (item.entity === 'payout') state.payouts.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  db.destroy();
  return state;
}

/** One debit the simulators took: a payment that reached SUCCESSFUL(L), and when. */
interface Debit {
  provider: 'mtn' | 'orange';
  /** MoMo's X-Reference-Id (the entry id) or Orange's orderId (its first 20 hex digits). */
  reference: string;
  settledAt: string;
}

export interface SimulatorRecords {
  debits: Debit[];
  /** References of transfers (MoMo) and cash-ins (Orange orderIds) that paid someone. */
  paidOut: Set<string>;
  /** Message ids the SMS gateway accepted (statusCode 100–102). */
  smsAccepted: Set<string>;
  /** References of every payment request the provider took (a prompt on a phone), whatever became of it. */
  prompted: Set<string>;
}

const load = (dataDir: string, file: string) => JSON.parse(readFileSync(join(dataDir, file), 'utf8'));

/** Reads the simulators' state files (with the stack stopped, so each has written its last change). */
export function readSimulators(dataDir: string): SimulatorRecords {
  const momo = load(dataDir, 'momo-simulator.json').transactions as Array<Record<string, any>>;
  const orange = load(dataDir, 'orange-simulator.json').transactions as Array<Record<string, any>>;
  const sms = load(dataDir, 'africastalking-sms.json').messages as Array<Record<string, any>>;
  const debits: Debit[] = [
    ...momo
      .filter((t) => t.product === 'collection' && t.status === 'SUCCESSFUL')
      .map((t) => ({ provider: 'mtn' as const, reference: t.referenceId, settledAt: t.settledAt ?? t.createdAt })),
    ...orange
      .filter((t) => t.operation === 'mp' && t.status === 'SUCCESSFULL')
      .map((t) => ({
        provider: 'orange' as const,
        reference: t.request.orderId,
        settledAt: t.settledAt ?? t.createdAt,
      })),
  ];
  const paidOut = new Set<string>([
    ...momo.filter((t) => t.product === 'disbursement' && t.status === 'SUCCESSFUL').map((t) => t.referenceId),
    ...orange.filter((t) => t.operation === 'cashin' && t.status === 'SUCCESSFULL').map((t) => t.request.orderId),
  ]);
  const smsAccepted = new Set(sms.filter((m) => m.statusCode < 200).map((m) => m.messageId as string));
  const prompted = new Set<string>([
    ...momo.filter((t) => t.product === 'collection').map((t) => t.referenceId),
    ...orange.filter((t) => t.operation === 'mp' && t.request && t.status !== 'FAILED').map((t) => t.request.orderId),
  ]);
  return { debits, paidOut, smsAccepted, prompted };
}

export interface Accounts {
  debits: number;
  tickets: number;
  refunds: number;
  refundsPaid: number;
  /** Debits whose entry has no ticket and no refund (or that match no entry at all). */
  neither: Array<{ reference: string; entry?: Record<string, any> }>;
  /** Entries that owe their player a final SMS the gateway never accepted. */
  untold: Array<Record<string, any>>;
  longestMs: number;
  /** The entry whose debit waited longest for its outcome. */
  longestEntry?: Record<string, any>;
  /** Entries that failed with no payment request ever taken by the provider: the player never saw a prompt. */
  unprompted: Array<Record<string, any>>;
  /** Entries still pending at the end. */
  pending: number;
  /** Entries by final status and reason (e.g. `failed EXPIRED`). */
  byOutcome: Record<string, number>;
}

/** The figures: debits, tickets, refunds, debits with neither, players not told, the longest debit → outcome. */
export function account(table: TableState, sims: SimulatorRecords): Accounts {
  const byRef = new Map<string, Record<string, any>>();
  for (const entry of table.entries) {
    byRef.set(entry.id, entry);
    byRef.set(orderIdOf(entry.id), entry);
  }
  const refunds = new Map(table.payouts.filter((p) => p.kind === 'refund').map((p) => [p.entryId as string, p]));
  const neither: Accounts['neither'] = [];
  let longestMs = 0;
  let longestEntry: Record<string, any> | undefined;
  for (const debit of sims.debits) {
    const entry = byRef.get(debit.reference);
    const refund = entry ? refunds.get(entry.id) : undefined;
    const outcomeAt = entry?.status === 'paid' ? entry.paidAt : refund?.createdAt;
    if (!outcomeAt) {
      neither.push({ reference: debit.reference, ...(entry ? { entry } : {}) });
      continue;
    }
    const waitedMs = Date.parse(outcomeAt) - Date.parse(debit.settledAt);
    if (waitedMs > longestMs) [longestMs, longestEntry] = [waitedMs, entry];
  }
  const toldAbout = new Map<string, boolean>();
  for (const sms of table.sms) {
    if (sms.purpose === 'my-tickets' || sms.purpose === 'play-refused') continue;
    const delivered = sms.state === 'sent' && sims.smsAccepted.has(sms.messageId);
    toldAbout.set(sms.ref, (toldAbout.get(sms.ref) ?? false) || delivered);
  }
  // a paid or refunded entry owes its SMS on either channel; a failed one only to USSD (the web page tells the rest)
  const owesSms = (e: Record<string, any>) =>
    e.status === 'paid' || refunds.has(e.id) || (e.status === 'failed' && e.channel === 'ussd');
  const untold = table.entries.filter((e) => owesSms(e) && !toldAbout.get(e.id));
  const byOutcome: Record<string, number> = {};
  for (const e of table.entries) {
    const key = `${e.status}${e.reason ? ` ${e.reason}` : ''}${e.lateSuccessAt ? ' (late success)' : ''}`;
    byOutcome[key] = (byOutcome[key] ?? 0) + 1;
  }
  return {
    debits: sims.debits.length,
    tickets: table.entries.filter((e) => e.status === 'paid').length,
    refunds: refunds.size,
    refundsPaid: [...refunds.values()].filter(
      (p) => sims.paidOut.has(p.id) || sims.paidOut.has(orderIdOf(refundPayoutId(p.entryId))),
    ).length,
    neither,
    untold,
    longestMs,
    ...(longestEntry ? { longestEntry } : {}),
    unprompted: table.entries.filter(
      (e) =>
        e.status === 'failed' &&
        // refused by the provider itself (no wallet: Orange's 417 takes no prompt): its word, not a lost prompt
        e.reason !== 'REQUEST_REJECTED' &&
        e.reason !== 'PAYER_NOT_FOUND' &&
        !sims.prompted.has(e.id) &&
        !sims.prompted.has(orderIdOf(e.id)),
    ),
    pending: table.entries.filter((e) => e.status === 'pending').length,
    byOutcome,
  };
}
