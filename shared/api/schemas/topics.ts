import * as z from 'zod';
import { topicCatalogue, type EventKey, type TopicKey } from '../../topics';
import { assignmentGroups } from './catalog';
import {
  announcerDashboard,
  houseGameSummary,
  overviewTaxFiling,
  overviewToday,
  overviewWinnersAndTax,
  overviewYearToDate,
  partnerDashboard,
  partnerDrawSummary,
} from './dashboards';
import { adminWinners } from './draws';
import { adminNotifications } from './notifications';
import { entryStatusResponse } from './play';
import { recentPayoutsEvent } from './payouts';
import { categoriesList, predictionsList } from './predictions';
import { announcersList, partnerOptions, partnersList } from './staff';
import { lazySchema } from './lazy-schema';

const drawRows = /* @__PURE__ */ lazySchema(() => z.array(partnerDrawSummary));

/**
 * The payload schema of every event of the topic catalogue (shared/topics.ts),
 * by topic and event code name. The `satisfies` clause holds this table to
 * the catalogue: a topic or event missing here, or one the catalogue lacks,
 * is a compile error. The server's snapshots are typed by these schemas'
 * inputs, the web's `useTopic` parses with them.
 */
export const topicSchemas = {
  adminOverview: {
    today: overviewToday,
    yearToDate: overviewYearToDate,
    winnersAndTax: overviewWinnersAndTax,
    taxFiling: overviewTaxFiling,
  },
  adminDrawList: { D: drawRows, W: drawRows, M: drawRows, Y: drawRows, houseGames: z.array(houseGameSummary) },
  adminWinners: { winners: adminWinners },
  adminPartners: { partners: partnersList },
  adminAnnouncers: { announcers: announcersList },
  adminAssignments: { assignments: assignmentGroups },
  adminPartnerOptions: { options: partnerOptions },
  adminPredictions: { predictions: predictionsList },
  adminPredictionCategories: { categories: categoriesList },
  adminPayouts: { payouts: recentPayoutsEvent },
  partnerDashboard: { dashboard: partnerDashboard },
  announcerDashboard: { dashboard: announcerDashboard },
  adminNotifications: { notifications: adminNotifications },
  entry: { status: entryStatusResponse },
} as const satisfies { readonly [K in TopicKey]: { readonly [E in EventKey<K>]: z.ZodType } };

export type TopicSchemas = typeof topicSchemas;

/** A topic's events by wire name, each with its code name and schema (what the web's subscriber validates with). */
export function wireSchemasOf<K extends TopicKey>(key: K): Record<string, { key: EventKey<K>; schema: z.ZodType }> {
  const events: Readonly<Record<string, string>> = topicCatalogue[key].events;
  const schemas: Readonly<Record<string, z.ZodType>> = topicSchemas[key];
  return Object.fromEntries(
    Object.entries(events).map(([code, event]) => [event, { key: code as EventKey<K>, schema: schemas[code]! }]),
  );
}

/**
 * The schema of topic K's whole snapshot: a list of `{event, data}` whose
 * every message is one of K's events with a valid payload (what a subscriber
 * is sent on subscribe).
 */
export function topicSnapshotSchema<K extends TopicKey>(key: K) {
  const messages = Object.entries(wireSchemasOf(key)).map(([event, { schema }]) =>
    z.object({ event: z.literal(event), data: schema }),
  );
  return z.array(z.union(messages as unknown as [z.ZodType, ...z.ZodType[]]));
}

/** A message of topic K parsed: its event's code name and typed payload; an unknown event or bad payload is an `invalid` outcome, never a throw. */
export type ParsedTopicMessage<K extends TopicKey> =
  | { ok: true; event: EventKey<K>; data: unknown }
  | { ok: false; reason: 'unknown-event' }
  | { ok: false; reason: 'invalid'; error: z.ZodError };

export function parseTopicMessage<K extends TopicKey>(key: K, event: string, data: unknown): ParsedTopicMessage<K> {
  const entry = wireSchemasOf(key)[event];
  if (!entry) return { ok: false, reason: 'unknown-event' };
  const parsed = entry.schema.safeParse(data);
  return parsed.success
    ? { ok: true, event: entry.key, data: parsed.data }
    : { ok: false, reason: 'invalid', error: parsed.error };
}
