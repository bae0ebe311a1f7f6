import type * as z from 'zod';
import type { TopicSchemas } from './api/schemas/topics';

/**
 * THE topic catalogue (DESIGN section 6): every live topic's pattern, who may
 * read it and the events it carries, each under a code name (`today`) and its
 * wire name (`daily_draw`, the spec's where it has one). Each event's payload
 * schema sits beside it in shared/api/schemas/topics.ts, which the compiler
 * holds to exactly these events; this half is free of zod so that the ws and
 * stream Lambdas, which name events but never validate, do not bundle it
 * (DESIGN section 9: bundles at most 500 KB).
 *
 * Clients send `{"action":"subscribe","topic":"admin/overview"}`; every server
 * message is `{"topic","event","data"}`, sent alone or with others in one batch
 * frame `{"events":[...]}` (shared/message-parts.ts). The server builds events
 * with `topicEvents(key)` (a wrong event or payload is a compile error) and
 * decides reads from `readers` (functions/modules/live/topic-definition.ts); the
 * web reads them with `useTopic(topicRef(key, id))`, parsed and typed.
 */

/**
 * Who may subscribe: every admin, super admins only, the one user a `:id`
 * topic names (of that role), or — `anyone` — whoever knows the topic's name,
 * signed in or not: only for a topic whose `:id` is itself an unguessable
 * secret (an entry's id), which the name then carries as a capability.
 */
export type TopicReaders =
  | { readonly role: 'admin'; readonly superAdmin?: true; readonly self?: undefined }
  | { readonly role: 'admin' | 'partner' | 'announcer'; readonly self: true; readonly superAdmin?: undefined }
  | { readonly role: 'anyone'; readonly superAdmin?: undefined; readonly self?: undefined };

interface TopicEntry {
  /** A fixed name, or a pattern whose `:id` segment is a user id (or, for `anyone`'s topics, the secret id). */
  readonly pattern: string;
  readonly readers: TopicReaders;
  /** Code name → wire name. */
  readonly events: Readonly<Record<string, string>>;
}

const ADMINS = { role: 'admin' } as const;
const SUPER_ADMINS = { role: 'admin', superAdmin: true } as const;

/** `admin/draw-list`: one event per period (the screen's period switch picks one). */
export const DRAW_LIST_EVENTS = {
  D: 'partners_daily_draw_count',
  W: 'partners_weekly_draw_count',
  M: 'partners_monthly_draw_count',
  Y: 'partners_yearly_draw_count',
} as const;
export type DrawListPeriod = keyof typeof DRAW_LIST_EVENTS;

export const topicCatalogue = {
  adminOverview: {
    pattern: 'admin/overview',
    readers: ADMINS,
    events: {
      today: 'daily_draw',
      yearToDate: 'draw_history_all',
      winnersAndTax: 'total_winner_history',
      taxFiling: 'recent_tax_settings',
    },
  },
  adminDrawList: {
    pattern: 'admin/draw-list',
    readers: SUPER_ADMINS,
    // the house games (drawn by the scheduler) come beside the period events
    events: { ...DRAW_LIST_EVENTS, houseGames: 'house_games' },
  },
  adminWinners: { pattern: 'admin/winners', readers: ADMINS, events: { winners: 'winners' } },
  adminPartners: { pattern: 'admin/partners', readers: SUPER_ADMINS, events: { partners: 'partners' } },
  adminAnnouncers: { pattern: 'admin/announcers', readers: SUPER_ADMINS, events: { announcers: 'announcers' } },
  adminAssignments: { pattern: 'admin/assignments', readers: SUPER_ADMINS, events: { assignments: 'assignments' } },
  adminPartnerOptions: {
    pattern: 'admin/partner-options',
    readers: SUPER_ADMINS,
    events: { options: 'partner-options' },
  },
  adminPredictions: { pattern: 'admin/predictions', readers: SUPER_ADMINS, events: { predictions: 'predictions' } },
  adminPredictionCategories: {
    pattern: 'admin/prediction-categories',
    readers: SUPER_ADMINS,
    events: { categories: 'prediction-categories' },
  },
  /** The newest payouts: the pay dialog's outcome, the Payouts screen's first page. */
  adminPayouts: { pattern: 'admin/payouts', readers: SUPER_ADMINS, events: { payouts: 'payouts' } },
  partnerDashboard: {
    pattern: 'partner/:id/dashboard',
    readers: { role: 'partner', self: true },
    events: { dashboard: 'dashboard' },
  },
  announcerDashboard: {
    pattern: 'announcer/:id/dashboard',
    readers: { role: 'announcer', self: true },
    events: { dashboard: 'dashboard' },
  },
  /** The admin header's notifications dropdown: that admin only — plain admins too — with its own read state. */
  adminNotifications: {
    pattern: 'admin/:id/notifications',
    readers: { role: 'admin', self: true },
    events: { notifications: 'notifications' },
  },
  /**
   * One web entry's status, for the page that started it (issue 32: players
   * are pushed, not polled): the status route's answer on subscribe and
   * again when the entry is paid or fails. Anonymous sockets may read it:
   * the entry's id is a random UUID (122 random bits, crypto.randomUUID in
   * functions/modules/entries/start-entry.ts) that only the page's own
   * address and answer carry — the same capability GET /api/v1/entries/:id
   * already accepts, and the topic shows nothing that route does not.
   */
  entry: { pattern: 'entry/:id', readers: { role: 'anyone' }, events: { status: 'entry_status' } },
} as const satisfies Record<string, TopicEntry>;

type Catalogue = typeof topicCatalogue;
export type TopicKey = keyof Catalogue;
/** An event's code name within its topic. */
export type EventKey<K extends TopicKey> = keyof Catalogue[K]['events'] & string;
/** The payload the server sends (the schema's input). */
type EventData<K extends TopicKey, E extends EventKey<K>> = z.input<SchemaOf<K, E>>;
/** The payload as the web reads it, once parsed (the schema's output). */
export type ParsedEventData<K extends TopicKey, E extends EventKey<K>> = z.output<SchemaOf<K, E>>;
type SchemaOf<K extends TopicKey, E extends EventKey<K>> = TopicSchemas[K][E & keyof TopicSchemas[K]];
/** One message of topic K's snapshot, as the server builds it. */
export type TopicEvent<K extends TopicKey> = {
  [E in EventKey<K>]: { readonly event: Catalogue[K]['events'][E]; readonly data: EventData<K, E> };
}[EventKey<K>];
/** What a subscriber is sent on subscribe and after each change. */
export type TopicSnapshot<K extends TopicKey> = K extends TopicKey ? TopicEvent<K>[] : never;

/** Topics whose name carries an id (a user's, or an entry's). */
export type ParamTopicKey = {
  [K in TopicKey]: Catalogue[K]['pattern'] extends `${string}:id${string}` ? K : never;
}[TopicKey];
type FixedTopicKey = Exclude<TopicKey, ParamTopicKey>;

export const topicKeys = Object.keys(topicCatalogue) as TopicKey[];

/** A concrete topic name: the pattern with its `:id` filled in. */
function topicName<K extends TopicKey>(key: K, ...[id]: K extends ParamTopicKey ? [id: string] : []): string {
  const { pattern } = topicCatalogue[key];
  return id === undefined ? pattern : pattern.replace(':id', id);
}

/** A topic to watch, with the catalogue key the web reads its events by. */
export interface TopicRef<K extends TopicKey> {
  readonly key: K;
  readonly name: string;
}

export function topicRef<K extends TopicKey>(key: K, ...id: K extends ParamTopicKey ? [id: string] : []): TopicRef<K> {
  return { key, name: topicName(key, ...id) };
}

type TopicNames = { [K in FixedTopicKey]: Catalogue[K]['pattern'] } & { [K in ParamTopicKey]: (id: string) => string };

/** Every topic's name: a string, or a function of the id for `:id` topics (`topicNames.partnerDashboard(':id')` is its pattern). */
export const topicNames = Object.fromEntries(
  topicKeys.map((key) => {
    const { pattern } = topicCatalogue[key];
    return [key, pattern.includes(':id') ? (id: string) => topicName(key as ParamTopicKey, id) : pattern];
  }),
) as TopicNames;

/** Builders of topic K's events by code name: `topicEvents('adminWinners').winners({ Winners })`. */
export type TopicEventBuilders<K extends TopicKey> = {
  readonly [E in EventKey<K>]: (data: EventData<K, E>) => Extract<TopicEvent<K>, { event: Catalogue[K]['events'][E] }>;
};

export function topicEvents<K extends TopicKey>(key: K): TopicEventBuilders<K> {
  const events: Readonly<Record<string, string>> = topicCatalogue[key].events;
  return Object.fromEntries(
    Object.entries(events).map(([code, event]) => [code, (data: unknown) => ({ event, data })]),
  ) as unknown as TopicEventBuilders<K>;
}

/** The topic a concrete name belongs to, with its `:id` (undefined: no topic has that shape). */
export function topicOfName(name: string): { key: TopicKey; params: Record<string, string> } | undefined {
  for (const key of topicKeys) {
    const params = matchPattern(topicCatalogue[key].pattern, name);
    if (params) return { key, params };
  }
  return undefined;
}

function matchPattern(pattern: string, topic: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = topic.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return undefined;
  }
  return params;
}

/*
 * Wire names by their old names, for tests that play the server: the
 * catalogue above is their one definition.
 */
export const OVERVIEW_EVENTS = topicCatalogue.adminOverview.events;
export const HOUSE_GAMES_EVENT = topicCatalogue.adminDrawList.events.houseGames;
export const ADMIN_WINNERS_EVENT = topicCatalogue.adminWinners.events.winners;
export const DASHBOARD_EVENT = topicCatalogue.partnerDashboard.events.dashboard;
export const PAYOUTS_EVENT = topicCatalogue.adminPayouts.events.payouts;
export const NOTIFICATIONS_EVENT = topicCatalogue.adminNotifications.events.notifications;

/** `admin/payouts` lists this many of the newest payouts. */
export const PAYOUTS_TOPIC_SIZE = 50;

type ClientAction = 'subscribe' | 'unsubscribe';

export interface ClientMessage {
  action: ClientAction;
  topic: string;
}

export interface ServerMessage<T = unknown> {
  topic: string;
  event: string;
  data: T;
}

/** The event a refused or failed subscription gets: data is `{error}`. */
export const TOPIC_ERROR_EVENT = 'error';

/** Spec section 9: streams reconnect every 5 seconds after a loss. */
export const RECONNECT_DELAY_MS = 5000;

/** Topics are short ASCII paths; anything else is refused before any lookup. */
export const TOPIC_PATTERN = /^[a-z-]+(\/[A-Za-z0-9_-]{1,64}){1,2}$/;
