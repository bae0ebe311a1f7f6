import { HTTP_DOMAINS } from '@shared/api/routes';
import type { AttributeWriteSet, WriteSet } from '../platform/store/partitions';

/**
 * The Lambdas (DESIGN section 3): each is one file beside this one,
 * `functions/lambdas/<name>.ts`, that composes it from the modules' adapters
 * and exports `handler`. One per HTTP domain of the routing table, plus these
 * that are not behind the HTTP API (DESIGN section 2). CDK
 * (infra/lambda-bundling.ts) and the local stack (infra/local/lambda-registry.ts)
 * both read this list, so what runs offline is what deploys.
 */
const NON_HTTP_LAMBDAS = ['ws', 'stream', 'prompts', 'jobs'] as const;

export type LambdaName = (typeof HTTP_DOMAINS)[number] | (typeof NON_HTTP_LAMBDAS)[number];

export const LAMBDAS: readonly LambdaName[] = [...HTTP_DOMAINS, ...NON_HTTP_LAMBDAS];

/** The entry file of a Lambda, relative to the repository root. */
export function lambdaEntryFile(name: string): string {
  return `functions/lambdas/${name}.ts`;
}

/**
 * What each Lambda writes in the table (functions/platform/store/partitions.ts):
 * its IAM write grant is exactly these partitions (infra/table-access.ts), and
 * the local stack refuses its writes elsewhere, as AWS would. Each item of a
 * transaction counts: a use case that settles entries writes tickets, counters,
 * ledgers and SMS records too.
 */
export const LAMBDA_WRITES: Readonly<Record<LambdaName, readonly WriteSet[]>> = {
  // entering and responsible play: the entry, the number's own items, the prompt limits, a refusal's SMS to the number;
  // My tickets: the number's one-time code (its own item, and its SMS) and the session it opens
  public: ['entries.entries', 'players.players', 'players.ticketSessions', 'platform.rateLimits', 'messages.sms'],
  ussd: ['entries.entries', 'players.players', 'platform.rateLimits', 'messages.sms'],
  // signing in: a session, the throttles and known devices; changing one's own password: the user item and its audit line
  auth: ['staff.sessions', 'staff.signIn', 'staff.ownCredentials', 'audit.log'],
  accounts: ['staff.users', 'staff.sessions', 'audit.log'],
  admin: [
    'staff.users',
    'staff.sessions',
    'staff.payees',
    'catalog.catalog',
    'catalog.siteContent',
    'catalog.windowSeeds',
    'games.settings',
    'notifications.notifications',
    'reports.taxFilings',
    'messages.sms',
    'audit.log',
  ],
  partner: ['staff.sessions'],
  announcer: [...drawing()],
  draws: [...drawing()],
  // a prize that cannot be paid is held, its winner told how to claim by SMS (issue 36 part 4)
  payouts: [
    'staff.sessions',
    'staff.payees',
    'payouts.balances',
    'payouts.payouts',
    'messages.sms',
    'integrations.payTokens',
    'integrations.providerTokens',
    'audit.log',
  ],
  players: ['staff.sessions', 'players.players', 'messages.sms', 'audit.log'],
  // the support desk: its audit lines (every look-up), the complaint log, a number's exclusion, an SMS resent, and a
  // debit without a ticket refunded (the entry, its refund payout and transfer, the game ledger's lines)
  support: [
    'staff.sessions',
    'audit.log',
    'support.complaints',
    'players.players',
    'messages.sms',
    'entries.entries',
    'payouts.payouts',
    'ledger.gameLedger',
    'integrations.payTokens',
    'integrations.providerTokens',
    'integrations.smsOutbox',
  ],
  // reads only (the jobs seal the days), but the regulator's downloads are audit-logged (DESIGN section 7)
  reports: ['staff.sessions', 'audit.log'],
  // a payment's callback confirms (or fails, or revives) its entry; a payout's settles (or refunds) the payout
  webhooks: [...settling(), 'staff.payees', 'payouts.payouts', 'integrations.payTokens', 'integrations.providerTokens'],
  // a socket opens on a staff session, which the look-up keeps alive (its idle timeout) as every route's does
  ws: ['live.connections', 'staff.sessions'],
  // live updates; and settlement, of the entries its records confirm
  stream: ['live.connections', 'notifications.notifications', ...settling(), 'integrations.providerTokens'],
  // a refused prompt gives the number's day spend back; a batch takes its providers' prompt rate
  prompts: [
    'platform.rateLimits',
    'entries.entries',
    'players.players',
    'messages.sms',
    'integrations.payTokens',
    'integrations.providerTokens',
    'integrations.smsOutbox',
  ],
  jobs: [
    ...settling(),
    ...drawing(),
    'staff.payees',
    'payouts.payouts',
    'reports.sealed',
    'notifications.notifications',
    'live.connections',
    'integrations.payTokens',
    'integrations.providerTokens',
  ],
};

/**
 * Writes of some attributes only, in partitions beyond a Lambda's own
 * (functions/platform/store/partitions.ts ATTRIBUTE_WRITE_SETS): the ws
 * Lambda adds a socket to an entry's watchers, and may write nothing else of
 * an entry.
 */
export const LAMBDA_ATTRIBUTE_WRITES: Readonly<Partial<Record<LambdaName, readonly AttributeWriteSet[]>>> = {
  ws: ['entries.watchers'],
};

/** Settling paid entries: the ticket, its window, the counters and ledgers, the partner's share, the ticket SMS. */
function settling(): WriteSet[] {
  return [
    'entries.entries',
    'entries.settlement',
    'players.players',
    'ledger.counters',
    'ledger.gameLedger',
    'payouts.balances',
    'messages.sms',
    'integrations.smsOutbox',
  ];
}

/** Closing a window and drawing it (or clearing it, with its refunds). */
function drawing(): WriteSet[] {
  return [
    'staff.sessions',
    'draws.draws',
    'draw-records.records',
    'catalog.windowSeeds',
    'ledger.counters',
    'ledger.gameLedger',
    'messages.sms',
    'integrations.smsOutbox',
    // a cleared window's refunds are transfers
    'integrations.payTokens',
    'integrations.providerTokens',
    'audit.log',
  ];
}
