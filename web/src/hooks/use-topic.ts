import { type QueryClient, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod';
import { parseTopicMessage } from '@shared/api/schemas/topics';
import { messages } from '@shared/messages';
import { TOPIC_ERROR_EVENT, type EventKey, type ParsedEventData, type TopicKey, type TopicRef } from '@shared/topics';
import { realtime, type ConnectionStatus, type RealtimeConnection } from '../lib/realtime';
import { topicQueryKey } from '../lib/staff-query';
import { notifyError } from '../lib/toast';

/** The zod schema of each event a screen reads from a topic. */
export type EventSchemas = Record<string, z.ZodType>;

export type TopicData<S extends EventSchemas> = { [K in keyof S]?: z.infer<S[K]> };

/** A catalogue topic's latest events, by code name (shared/topics.ts). */
export type CatalogueTopicData<K extends TopicKey> = { [E in EventKey<K>]?: ParsedEventData<K, E> };

export interface TopicState<D> {
  /** The latest payload of each event, validated; absent until it first arrives. */
  data: D;
  status: ConnectionStatus;
  /** The server's reason when it refused the subscription. */
  refused: string | null;
  /** The last payload that came failed its schema (and was dropped); the next good one clears it. */
  invalid: boolean;
}

export interface TopicOptions {
  connection?: RealtimeConnection;
  /**
   * A payload that fails its schema is dropped (never thrown) and logged;
   * by default the user sees the spec's 'Error processing data update'
   * (spec section 8). A screen whose spec names its own text says so here.
   */
  onInvalid?: (event: string) => void;
}

const BAD_DATA_TOAST_ID = 'stream-bad-data';

const notifyBadData = () => notifyError(messages.stream.badData, { id: BAD_DATA_TOAST_ID });

/**
 * A live topic's latest events (DESIGN section 6): subscribes while mounted
 * (and the topic is not null), validates every payload with its event's
 * schema and writes the last good one into the staff query cache under
 * `topicQueryKey(name)` (lib/staff-query.tsx), where every reader of the
 * topic — and a screen folding it into its own read — finds it. A screen names a catalogue topic
 * (`useTopic(topicRef('partnerDashboard', id))`) and gets its events by code
 * name, parsed with the catalogue's schemas and typed by them. The other form
 * (a name and its own schemas, by wire name) is the same machinery for a
 * topic outside the catalogue.
 */
export function useTopic<K extends TopicKey>(
  topic: TopicRef<K> | null,
  options?: TopicOptions,
): TopicState<CatalogueTopicData<K>>;
export function useTopic<S extends EventSchemas>(
  topic: string | null,
  schemas: S,
  connection?: RealtimeConnection,
): TopicState<TopicData<S>>;
export function useTopic(
  topic: TopicRef<TopicKey> | string | null,
  schemasOrOptions?: EventSchemas | TopicOptions,
  connection?: RealtimeConnection,
): TopicState<Record<string, unknown>> {
  // one hook call whichever form: a name with its own schemas, or a catalogue reference (or none yet: nothing to parse)
  const named = typeof topic === 'string';
  const name = named ? topic : (topic?.name ?? null);
  const parse = named ? ownSchemaParser(schemasOrOptions as EventSchemas) : topic ? catalogueParser(topic.key) : null;
  // the connection is the third argument or the options' (either form)
  const options = (named || connection ? { connection } : (schemasOrOptions ?? {})) as TopicOptions;
  return useParsedTopic(name, parse, options);
}

type Parsed = { ok: true; key: string; data: unknown } | { ok: false; error?: unknown };
type Parser = (event: string, data: unknown) => Parsed;

function catalogueParser(key: TopicKey): Parser {
  return (event, data) => {
    const parsed = parseTopicMessage(key, event, data);
    if (parsed.ok) return { ok: true, key: parsed.event, data: parsed.data };
    return parsed.reason === 'invalid' ? { ok: false, error: parsed.error } : { ok: false };
  };
}

function ownSchemaParser(schemas: EventSchemas): Parser {
  return (event, data) => {
    const schema = schemas[event];
    if (!schema) return { ok: false };
    const parsed = schema.safeParse(data);
    return parsed.success ? { ok: true, key: event, data: parsed.data } : { ok: false, error: parsed.error };
  };
}

/** What the cache keeps per topic (lib/staff-query.tsx): the latest good payload of each event, and the topic's state. */
interface TopicEntry {
  data: Record<string, unknown>;
  refused: string | null;
  invalid: boolean;
}

const NOTHING_YET: TopicEntry = { data: {}, refused: null, invalid: false };

/** A catalogue topic's latest events as the cache holds them now (empty when nobody reads the topic): for a read folding them into its answer. */
export function cachedTopicData<K extends TopicKey>(client: QueryClient, topic: TopicRef<K>): CatalogueTopicData<K> {
  return (client.getQueryData<TopicEntry>(topicQueryKey(topic.name))?.data ?? {}) as CatalogueTopicData<K>;
}

function useParsedTopic(
  topic: string | null,
  parse: Parser | null,
  options: TopicOptions,
): TopicState<Record<string, unknown>> {
  const connection = options.connection ?? realtime;
  const client = useQueryClient();
  // the topic's events live in the query cache, which every reader of the topic shares
  const { data: entry = NOTHING_YET } = useQuery<TopicEntry>({ queryKey: topicQueryKey(topic), queryFn: skipToken });
  const [status, setStatus] = useState<ConnectionStatus>(() => connection.getStatus());
  const onInvalid = useRef(options.onInvalid);
  onInvalid.current = options.onInvalid;

  useEffect(() => connection.onStatus(setStatus), [connection]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the parser follows the topic (a module constant per topic): a new topic resubscribes, a new render does not
  useEffect(() => {
    if (!topic || !parse) return undefined;
    const write = (change: (current: TopicEntry) => TopicEntry) =>
      client.setQueryData<TopicEntry>(topicQueryKey(topic), (current) => change(current ?? NOTHING_YET));
    return connection.subscribe(topic, (message) => {
      if (message.event === TOPIC_ERROR_EVENT) {
        const error = (message.data as { error?: unknown } | null)?.error;
        write((current) => ({ ...current, refused: typeof error === 'string' ? error : messages.auth.forbidden }));
        return;
      }
      const parsed = parse(message.event, message.data);
      if (parsed.ok) {
        write((current) => ({ ...current, data: { ...current.data, [parsed.key]: parsed.data }, invalid: false }));
        return;
      }
      // an event the screen does not read is not an error; a bad payload is dropped, logged and reported
      if (parsed.error === undefined) return;
      console.error(`Bad ${message.event} data on ${topic}`, parsed.error);
      write((current) => ({ ...current, invalid: true }));
      (onInvalid.current ?? notifyBadData)(message.event);
    });
    // The parser follows the topic (its catalogue entry) or a module-constant schemas object.
  }, [topic, connection, client]);

  return { data: entry.data, status, refused: entry.refused, invalid: entry.invalid };
}
