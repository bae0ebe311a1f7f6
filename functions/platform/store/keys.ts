import { SHARDS, shard } from '@shared/capacity';
import { tableDefinition } from '@shared/db/table-definition';

/**
 * Key shapes of the single table (DESIGN section 2). Every item's pk/sk and
 * GSI keys are built here and nowhere else; ./keys.md lists every item with
 * its keys and indexes (keep it in step with a change here).
 */
/** An entry's key, as the prompts' event filter matches it (infra/stacks/realtime-stack.ts). */
export const ENTRY_PREFIX = 'ENTRY#';
export const ENTRY_SORT_KEY = 'ENTRY';

/**
 * An SMS record's key (`keys.sms`), and the prefix of a one-time code's
 * (`access-code-<ref>`: functions/modules/players/ticket-access.ts), as the
 * prompts' event filter matches it: a code is sent from the stream at once.
 */
const PLAYER_DAY_PREFIX = 'DAY#';
const SMS_PREFIX = 'SMS#';
export const SMS_SORT_KEY = 'SMS';
export const ACCESS_CODE_SMS_PREFIX = `${SMS_PREFIX}access-code-`;

/** The game ledger's partitions, the one definition (IAM's append-only LeadingKeys pattern names its prefix). */
export const GAME_LEDGER_PARTITION_PREFIX = 'GAMELEDGER#';
/** Providers' OAuth tokens: a secret (IAM lets only the provider-calling functions read them, infra/table-access.ts). */
export const PROVIDER_TOKEN_PREFIX = 'PROVIDERTOKEN#';
/** The one partition of queued clears (a handful at a time: each is one admin's Clear Draw of one promotion). */
const CLEAR_QUEUE = 'CLEARQUEUE';

const smsCheckPartition = (code: string) => `${SMS_PREFIX}CHECK#${code}`;
const gameLedgerPartition = (day: string, part: string) => `${GAME_LEDGER_PARTITION_PREFIX}${day}#${part}`;

/**
 * An index partition key spread over `count` keys `<base>#<shard>` (DESIGN section 10: nothing written once per
 * entry on a shared key): an item's key comes from its id (`of`), stable through its updates; a reader queries
 * `all` of them (./sharded-query.ts).
 */
export interface ShardedKey {
  readonly of: (id: string) => string;
  readonly all: readonly string[];
}

const sharded = (base: string, count: number): ShardedKey => ({
  of: (id) => `${base}#${shard(id, count)}`,
  all: Array.from({ length: count }, (_, s) => `${base}#${s}`),
});

/**
 * A draw window's seq items are runs, one per settlement batch (functions/modules/entries/store/window-runs.ts),
 * in a partition per RUN_SEQS seqs that no run crosses: a draw's pick reads one item, in the partition its seq
 * computes; a batch writes one item, not one per entry (DESIGN section 10).
 */
export const RUN_SEQS = 1024;
const windowPartition = (assignmentId: string, windowNo: number) => `WINDOW#${assignmentId}#${windowNo}`;
const seqSort = (seq: number) => `SEQ#${String(seq).padStart(10, '0')}`;

export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  usersByRole: (role: string) => `ROLE#${role}`,
  /** `searchString`: partners' and announcers' codes share one namespace. */
  unique: (kind: 'email' | 'searchString' | 'sharedCode' | string, value: string) => ({
    pk: `UNIQUE#${kind}#${value.toLowerCase()}`,
    sk: 'UNIQUE',
  }),
  session: (sessionKey: string) => ({ pk: `SESSION#${sessionKey}`, sk: 'SESSION' }),
  userSessions: (userId: string) => `USERSESSIONS#${userId}`,
  throttle: (scope: 'account' | 'address', key: string) => ({
    pk: `THROTTLE#${scope}#${key.toLowerCase()}`,
    sk: 'THROTTLE',
  }),
  /** One account's failures from one address, beside the account's own item (so an unlock finds them all). */
  throttlePair: (email: string, address: string) => ({
    pk: `THROTTLE#account#${email.toLowerCase()}`,
    sk: `PAIR#${address.toLowerCase()}`,
  }),
  connection: (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'META' }),
  subscription: (connectionId: string, topic: string) => ({ pk: `CONN#${connectionId}`, sk: `SUB#${topic}` }),
  userConnections: (userId: string) => `USERCONNS#${userId}`,
  /** gsi1pk of a socket, by its connection id (gsi1sk `<15-digit connectedAt>#<connectionId>`): the sweep reads the old. */
  connections: sharded('CONNECTIONS', SHARDS.connections),
  partnerAnnouncers: (partnerId: string) => `PARTNERANNOUNCERS#${partnerId}`,
  /** A partner's or announcer's balance in one promotion (functions/modules/payouts/store/balances.ts). */
  balance: (userId: string, promotionId: string) => ({ pk: `USER#${userId}`, sk: `BALANCE#${promotionId}` }),
  /**
   * gsi3pk of every balance of one owner role, by the balance (`<userId>#<promotionId>`) over SHARDS.balances: the admin
   * partner and announcer lists read a query per shard, not one per user. gsi3 keeps keys only, so a settlement
   * batch's balance update (its amount) leaves the index alone; in gsi1, which keeps every attribute, each one
   * rewrote its index entry.
   */
  balancesOfRole: (ownerRole: 'partner' | 'announcer' | 'house'): ShardedKey =>
    sharded(`BALANCES#${ownerRole}`, SHARDS.balances),
  balanceIndexSort: (userId: string, promotionId: string) => `${userId}#${promotionId}`,
  promotion: (id: string) => ({ pk: `PROMO#${id}`, sk: 'PROMOTION' }),
  promotionsIndex: 'PROMOTIONS',
  assignment: (id: string) => ({ pk: `ASSIGN#${id}`, sk: 'ASSIGNMENT' }),
  /**
   * gsi3pk of an assignment, by its partner over SHARDS.assignments: a partner's assignments stay in one shard (its
   * list is one query); the whole list reads every shard. gsi3 keeps keys only, so a settlement batch's update of
   * the assignment (its window's counters) leaves the index alone.
   */
  assignmentsIndex: sharded('ASSIGNMENTS', SHARDS.assignments),
  /** gsi3sk of an assignment: list a partner's with begins_with(`<partnerId>#`). */
  assignmentPartnerSort: (partnerId: string, promotionId: string) => `${partnerId}#${promotionId}`,
  settings: { pk: 'SETTINGS', sk: 'HOUSE' },
  /** The site's content (functions/modules/catalog/store/site-content.ts): announcements newest last by sk, then the contact item. */
  siteContent: 'SITE',
  announcement: (id: string) => ({ pk: 'SITE', sk: `ANN#${id}` }),
  contact: { pk: 'SITE', sk: 'CONTACT' },
  /** How many super admins are active (functions/modules/staff/store/super-admin-roster.ts): the last one cannot be removed. */
  superAdminRoster: { pk: 'ROSTER', sk: 'SUPERADMINS' },
  predictionCategory: (id: string) => ({ pk: `PREDCAT#${id}`, sk: 'CATEGORY' }),
  predictionCategoriesIndex: 'PREDICTION_CATEGORIES',
  prediction: (id: string) => ({ pk: `PREDICTION#${id}`, sk: 'PREDICTION' }),
  predictionsIndex: 'PREDICTIONS',
  categoryPredictions: (categoryId: string) => `CATEGORYPREDICTIONS#${categoryId}`,
  /** Append-only history in one item collection, newest last by sk. */
  taxFiling: (filedAt: string, id: string) => ({ pk: 'TAXFILINGS', sk: `${filedAt}#${id}` }),
  taxFilings: 'TAXFILINGS',
  entry: (id: string) => ({ pk: `${ENTRY_PREFIX}${id}`, sk: ENTRY_SORT_KEY }),
  /**
   * The partitions of the marks of payments still open (sk `<createdAt>#<id>`, by the entry's id over
   * SHARDS.pendingPayments): reconciliation reads the oldest. A mark of its own, not an index entry of the
   * entry item: it is deleted in a batch after the settling transaction (1 write unit), where leaving an
   * index inside that transaction cost 2.
   */
  pendingPayments: sharded('PENDINGPAY', SHARDS.pendingPayments),
  pendingPayment: (id: string, createdAt: string) => ({ pk: keys.pendingPayments.of(id), sk: `${createdAt}#${id}` }),
  /** gsi1pk of a failed entry of the last 48 h (gsi1sk `<next check at>#<id>`): the provider is asked again (modules/entries/recheck-unpaid.ts). */
  unpaidRecheck: 'RECHECKPAY',
  /** A day's sealed report (functions/modules/reports/store/sealed-reports.ts): append-only, one item collection ordered by day. */
  sealedReport: (day: string) => ({ pk: 'SEALEDREPORTS', sk: day }),
  sealedReports: 'SEALEDREPORTS',
  /**
   * A game-ledger line (functions/modules/ledger/store/game-ledger.ts): one partition per GMT day and part (stakes spread
   * over a few by ref, prizes in one), so a period's lines are read by a query per day and part.
   */
  gameLedgerLine: (day: string, part: string, lineId: string) => ({ pk: gameLedgerPartition(day, part), sk: lineId }),
  /**
   * A settlement batch's stake lines in one item (functions/modules/ledger/store/stake-batches.ts), among the day's
   * lines: its sort key begins with the batch's payment time, as each of its lines' ids does.
   */
  gameLedgerStakes: (day: string, part: string, paidAt: string, firstEntryId: string) => ({
    pk: gameLedgerPartition(day, part),
    sk: `${paidAt}#stakes#${firstEntryId}`,
  }),
  gameLedgerPartition: (day: string, part: string) => gameLedgerPartition(day, part),
  /** One SMS we owe (functions/modules/messages/store/sms-records.ts); `id` is `<purpose>-<entry or draw id>`. */
  sms: (id: string) => ({ pk: `${SMS_PREFIX}${id}`, sk: SMS_SORT_KEY }),
  /** gsi1pk of a pending SMS, by its id (gsi1sk `<nextAttemptAt>#<id>`): the retry job reads the due ones. */
  smsDue: sharded('SMSDUE', SHARDS.smsDue),
  smsFailed: 'SMSFAILED',
  /**
   * Which SMS carry a check code (functions/modules/messages/store/sms-checks.ts): one item per SMS in the
   * code's partition, so two SMS that drew the same code are both found. Beside the records (`SMS#`), apart
   * from any purpose's id (those are lowercase).
   */
  smsCheck: (code: string, smsId: string) => ({ pk: smsCheckPartition(code), sk: smsId }),
  smsCheckPartition: (code: string) => smsCheckPartition(code),
  ticket: (ticketNumber: string) => ({ pk: `TICKET#${ticketNumber}`, sk: 'TICKET' }),
  /** The run of a window's seq items starting at `fromSeq`. */
  windowRun: (assignmentId: string, windowNo: number, fromSeq: number) => ({
    pk: keys.windowRunPartition(assignmentId, windowNo, fromSeq),
    sk: seqSort(fromSeq),
  }),
  /** The partition holding the run of `seq`. */
  windowRunPartition: (assignmentId: string, windowNo: number, seq: number) =>
    `${windowPartition(assignmentId, windowNo)}#R${Math.floor(seq / RUN_SEQS)}`,
  /**
   * A counter (functions/modules/ledger/store/counters.ts): a partition per owner and kind of period, so a settlement
   * batch's day, week, month and year additions land on four keys, not four times on one (DESIGN section 10).
   */
  counter: (owner: string, period: 'D' | 'W' | 'M' | 'Y', value: string) => ({
    pk: `COUNTER#${owner}#${period}`,
    sk: value,
  }),
  /** A rate limit's window for one key (functions/platform/store/rate-limits.ts): one item, its tenths in it. */
  rateWindow: (scope: string, key: string) => ({ pk: `RATE#${scope}#${key}`, sk: 'WINDOW' }),
  windowSeed: (assignmentId: string, windowNo: number) => ({ pk: `SEED#${assignmentId}#${windowNo}`, sk: 'SEED' }),
  draw: (drawId: string) => ({ pk: `DRAW#${drawId}`, sk: 'DRAW' }),
  drawsIndex: 'DRAWS',
  /** A draw listed under its draw code (functions/modules/draw-records/store/draw-records.ts). */
  drawCode: (code: string, drawId: string) => ({ pk: `DRAWCODE#${code}`, sk: drawId }),
  /** An assignment's latest broadcast close (functions/modules/draws/store/broadcast.ts). */
  broadcastClose: (assignmentId: string) => ({ pk: `BROADCAST#${assignmentId}`, sk: 'CLOSE' }),
  prizePayoutsPending: 'PRIZEPAYOUT',
  /** gsi2 of a draw whose prize could not be paid: held until its claim deadline (the gsi2 sort key). */
  prizesHeld: 'PRIZEHELD',
  houseDrawMarker: (game: string, drawDay: string) => ({ pk: `HOUSEDRAW#${game}#${drawDay}`, sk: 'MARKER' }),
  /** A cleared window whose players are still to be told, or refunded (functions/modules/draws/store/clear-queue.ts), oldest first. */
  queuedClear: (queuedAt: string, assignmentId: string, windowNo: number) => ({
    pk: CLEAR_QUEUE,
    sk: `${queuedAt}#${assignmentId}#${windowNo}`,
  }),
  clearQueue: CLEAR_QUEUE,
  payout: (payoutId: string) => ({ pk: `PAYOUT#${payoutId}`, sk: 'PAYOUT' }),
  payoutsIndex: 'PAYOUTS',
  payoutsPending: 'PAYOUTPENDING',
  /** The payToken Orange Money issued for our payment (mp) or payout (cashin) reference (functions/integrations/orange/store/pay-tokens.ts). */
  payToken: (operation: 'mp' | 'cashin', referenceId: string) => ({
    pk: `PAYTOKEN#${operation}#${referenceId}`,
    sk: 'PAYTOKEN',
  }),
  /** A provider's shared OAuth token (functions/integrations/tokens/store/provider-tokens.ts): a secret, read only by provider-calling functions. */
  providerToken: (name: string) => ({ pk: `${PROVIDER_TOKEN_PREFIX}${name}`, sk: 'TOKEN' }),
  /** gsi2pk of every subscription to a topic of this pattern (the fan-out reads one pattern's subscriptions at once). */
  patternSubscribers: (pattern: string) => `TOPICPATTERN#${pattern}`,
  /** Everything about one mobile number as a player (functions/modules/players/store/players.ts): its partition. */
  player: (msisdn: string) => `PLAYER#${msisdn}`,
  playerExclusion: (msisdn: string) => ({ pk: `PLAYER#${msisdn}`, sk: 'EXCLUSION' }),
  /** gsi1pk of every exclusion (gsi1sk `<since>#<msisdn>`): written only when one is set, so one partition is no hot key. */
  exclusionsIndex: 'EXCLUSIONS',
  playerLimit: (msisdn: string) => ({ pk: `PLAYER#${msisdn}`, sk: 'LIMIT' }),
  /** The number's opt-in to each draw's result by SMS (functions/modules/players/store/result-sms.ts): its own item, off the entry path. */
  playerResultSms: (msisdn: string) => ({ pk: `PLAYER#${msisdn}`, sk: 'RESULTSMS' }),
  /** gsi1pk of every number opted in to result SMS (gsi1sk its msisdn): written only on opting in, never per entry. */
  resultSmsIndex: 'RESULTSMS',
  /** A draw's result SMS all owed (functions/modules/notifications/result-sms.ts): the fan-out's done mark. */
  resultFanOut: (drawId: string) => ({ pk: `${SMS_PREFIX}RESULTS#${drawId}`, sk: 'FANOUT' }),
  /**
   * A number's GMT day (functions/modules/players/store/players.ts): the stakes it started that day and their entries'
   * ids, in the order they were made — "my tickets" reads a number's newest days without an index on msisdn.
   */
  playerDay: (msisdn: string, day: string) => ({ pk: `PLAYER#${msisdn}`, sk: `${PLAYER_DAY_PREFIX}${day}` }),
  playerDaysPrefix: PLAYER_DAY_PREFIX,
  /** The number's live one-time code for the web's My tickets (functions/modules/players/store/ticket-access.ts). */
  playerAccessCode: (msisdn: string) => ({ pk: `PLAYER#${msisdn}`, sk: 'ACCESSCODE' }),
  /** A My tickets session, by its token's hash. */
  playerTicketsSession: (tokenKey: string) => ({ pk: `PLAYERSESSION#${tokenKey}`, sk: 'SESSION' }),
  complaint: (id: string) => ({ pk: `COMPLAINT#${id}`, sk: 'COMPLAINT' }),
  complaintsIndex: 'COMPLAINTS',
  playerComplaints: (msisdn: string) => `PLAYERCOMPLAINTS#${msisdn}`,
  notification: (id: string) => ({ pk: `NOTIFICATION#${id}`, sk: 'NOTIFICATION' }),
  notificationsIndex: 'NOTIFICATIONS',
  notificationsRead: (adminId: string) => ({ pk: `ADMINNOTIFS#${adminId}`, sk: 'READ' }),
  notificationDismissed: (adminId: string, notificationId: string) => ({
    pk: `ADMINNOTIFS#${adminId}`,
    sk: `DISMISSED#${notificationId}`,
  }),
} as const;

/** The entry an item key belongs to, if it is an entry's own item (`keys.entry`). */
export function entryIdOfKey(pk: string | undefined, sk: string | undefined): string | undefined {
  return pk?.startsWith(ENTRY_PREFIX) && sk === ENTRY_SORT_KEY ? pk.slice(ENTRY_PREFIX.length) : undefined;
}

/** The SMS id of an item key if it is a one-time code's SMS record. */
export function accessCodeSmsIdOfKey(pk: string | undefined, sk: string | undefined): string | undefined {
  return pk?.startsWith(ACCESS_CODE_SMS_PREFIX) && sk === SMS_SORT_KEY ? pk.slice(SMS_PREFIX.length) : undefined;
}

/** Key prefixes whose changes never concern a live topic (the fan-out skips them cheaply). */
export const QUIET_PREFIXES = [
  'SESSION#',
  'THROTTLE#',
  'CONN#',
  'UNIQUE#',
  'RATE#',
  'PENDINGPAY#',
  'TICKET#',
  'WINDOW#',
  'SEED#',
  'HOUSEDRAW#',
  SMS_PREFIX,
  'PAYTOKEN#',
  PROVIDER_TOKEN_PREFIX,
  'LEDGER#',
  'GAMELEDGER#',
  'SEALEDREPORTS',
  'MIGRATIONS',
  'PLAYER#',
  'PLAYERSESSION#',
  'COMPLAINT#',
  CLEAR_QUEUE,
] as const;

/** An item's table and index keys and its entity tag: what no record read back, or audited, carries. */
export const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  'entity',
]);

/** An item without its table and index keys and its entity tag: the record a store hands out. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name))) as T;
}

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
