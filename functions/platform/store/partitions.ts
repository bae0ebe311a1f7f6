import { ENTRY_PREFIX, GAME_LEDGER_PARTITION_PREFIX, PROVIDER_TOKEN_PREFIX } from './keys';

/**
 * Which partitions each store writes, as IAM `StringLike` patterns on
 * `dynamodb:LeadingKeys` (the items' pk, keys.ts): named `<module>.<what>`,
 * one set per kind of write a Lambda may or may not do. A Lambda's write
 * grant is the union of the sets functions/lambdas/manifest.ts lists for it
 * (infra/table-access.ts); every key builder's partition is in some set
 * (test/unit/table-access.test.ts), and the local stack refuses a Lambda's
 * write outside its sets as IAM would (infra/local/table-access.ts). A
 * transaction is authorised item by item: a Lambda needs the set of every
 * item its use cases write together.
 */
export const WRITE_SETS = {
  'audit.log': ['AUDIT'],
  'messages.sms': ['SMS#*'],
  'ledger.counters': ['COUNTER#*'],
  'ledger.gameLedger': [`${GAME_LEDGER_PARTITION_PREFIX}*`],
  /** Staff user items and their unique claims (e-mail, codes), the super-admin roster. */
  'staff.users': ['USER#*', 'UNIQUE#*', 'ROSTER'],
  /** A user's own credentials (their password change): the user item only, no claim or roster. */
  'staff.ownCredentials': ['USER#*'],
  'staff.sessions': ['SESSION#*'],
  /** Sign-in throttles and known devices (functions/modules/staff/store/login-throttle.ts, known-devices.ts). */
  'staff.signIn': ['THROTTLE#*'],
  /** A payee's payout in flight (functions/modules/staff/store/payee-in-flight.ts). */
  'staff.payees': ['PAYEE#*'],
  'catalog.catalog': ['PROMO#*', 'ASSIGN#*', 'PREDCAT#*', 'PREDICTION#*'],
  /** A window's seed and the assignment's commitment to it. */
  /** The home page's announcements and the site's contact details. */
  'catalog.siteContent': ['SITE'],
  'catalog.windowSeeds': ['SEED#*', 'ASSIGN#*'],
  /** House settings and the house games' prices on their promotions. */
  'games.settings': ['SETTINGS', 'PROMO#*'],
  'players.players': ['PLAYER#*'],
  /** A number's web My tickets sessions (functions/modules/players/store/ticket-access.ts). */
  'players.ticketSessions': ['PLAYERSESSION#*'],
  /** Draw records and the draw codes that name them (functions/modules/draw-records/store/draw-codes.ts). */
  'draw-records.records': ['DRAW#*', 'DRAWCODE#*'],
  /** Balances (USER#<id>, sk BALANCE#…: IAM cannot tell them from a staff user by partition) and their ledgers. */
  'payouts.balances': ['USER#*', 'LEDGER#*'],
  /** Payouts and the prize-payout state on draw records. */
  'payouts.payouts': ['PAYOUT#*', 'DRAW#*'],
  /** Entries and the marks of those whose payments are open (functions/modules/entries/store/pending-marks.ts). */
  'entries.entries': [`${ENTRY_PREFIX}*`, 'PENDINGPAY#*'],
  /** Settling paid entries: tickets, window sequence numbers, the assignment's counts. */
  'entries.settlement': [`${ENTRY_PREFIX}*`, 'PENDINGPAY#*', 'TICKET#*', 'WINDOW#*', 'ASSIGN#*'],
  /** Closing windows; an on-air close's fixed step (BROADCAST#: functions/modules/draws/store/broadcast.ts). */
  'draws.draws': ['ASSIGN#*', `${ENTRY_PREFIX}*`, 'WINDOW#*', 'HOUSEDRAW#*', 'CLEARQUEUE', 'BROADCAST#*'],
  'notifications.notifications': ['NOTIFICATION#*', 'ADMINNOTIFS#*'],
  'reports.sealed': ['SEALEDREPORTS'],
  /** The support desk's complaint log (functions/modules/support/store/complaints.ts). */
  'support.complaints': ['COMPLAINT#*'],
  'reports.taxFilings': ['TAXFILINGS'],
  'live.connections': ['CONN#*'],
  'platform.rateLimits': ['RATE#*'],
  'integrations.payTokens': ['PAYTOKEN#*'],
  /** Providers' OAuth tokens: also the one partition only provider-calling functions may read. */
  'integrations.providerTokens': [`${PROVIDER_TOKEN_PREFIX}*`],
  /** The local stack's SMS outbox (functions/integrations/sms/store/sms-outbox.ts): never written in AWS. */
  'integrations.smsOutbox': ['SMSOUTBOX'],
} as const satisfies Record<string, readonly string[]>;

export type WriteSet = keyof typeof WRITE_SETS;

/**
 * Writes granted in a partition for some attributes only: UpdateItem whose
 * expressions name nothing else (IAM's `dynamodb:Attributes`, besides the
 * key). A function that only marks an item this way gets no write of the
 * rest of it.
 */
export const ATTRIBUTE_WRITE_SETS = {
  /** The sockets watching an entry (functions/modules/entries/store/entry-watchers.ts): its `watchers`, nothing else. */
  'entries.watchers': { partitions: [`${ENTRY_PREFIX}*`], attributes: ['watchers'] },
} as const satisfies Record<string, { partitions: readonly string[]; attributes: readonly string[] }>;

export type AttributeWriteSet = keyof typeof ATTRIBUTE_WRITE_SETS;

/** Partitions no function writes: health probe, data migrations' markers. */
export const UNWRITTEN_PARTITIONS = ['HEALTH', 'MIGRATIONS'] as const;
