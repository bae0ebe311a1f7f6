import { useEffect, useState } from 'react';
import type * as z from 'zod';
import { messages } from '../../../shared/messages';
import { TOPIC_ERROR_EVENT } from '../../../shared/topics';
import { realtime, type ConnectionStatus, type RealtimeConnection } from '../lib/realtime';
import { notifyError } from '../lib/toast';

/** The zod schema of each event a screen reads from a topic. */
export type EventSchemas = Record<string, z.ZodType>;

export type TopicData<S extends EventSchemas> = { [K in keyof S]?: z.infer<S[K]> };

export interface TopicState<S extends EventSchemas> {
  /** The latest payload of each event, validated; absent until it first arrives. */
  data: TopicData<S>;
  status: ConnectionStatus;
  /** The server's reason when it refused the subscription. */
  refused: string | null;
}

const BAD_DATA_TOAST_ID = 'stream-bad-data';

/**
 * A live topic's latest events (DESIGN section 6): subscribes while mounted
 * (and `topic` is not null), validates every payload with its event's schema
 * and keeps the last good one. A payload that fails validation is dropped with
 * the spec's 'Error processing data update' (spec section 8).
 */
export function useTopic<S extends EventSchemas>(
  topic: string | null,
  schemas: S,
  connection: RealtimeConnection = realtime,
): TopicState<S> {
  const [data, setData] = useState<TopicData<S>>({});
  const [status, setStatus] = useState<ConnectionStatus>(() => connection.getStatus());
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => connection.onStatus(setStatus), [connection]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `schemas` is a module constant at every call site; a new topic resubscribes
  useEffect(() => {
    setData({});
    setRefused(null);
    if (!topic) return undefined;
    return connection.subscribe(topic, (message) => {
      if (message.event === TOPIC_ERROR_EVENT) {
        const error = (message.data as { error?: unknown } | null)?.error;
        setRefused(typeof error === 'string' ? error : messages.auth.forbidden);
        return;
      }
      const schema = schemas[message.event];
      if (!schema) return;
      const parsed = schema.safeParse(message.data);
      if (!parsed.success) {
        console.error(`Bad ${message.event} data on ${topic}`, parsed.error);
        notifyError(messages.stream.badData, { id: BAD_DATA_TOAST_ID });
        return;
      }
      setData((previous) => ({ ...previous, [message.event]: parsed.data }));
    });
    // The schemas object is a module constant at every call site.
  }, [topic, connection]);

  return { data, status, refused };
}
