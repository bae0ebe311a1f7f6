import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { framesOf } from '@shared/message-parts';
import type { ServerMessage } from '@shared/topics';
import { config } from '../../platform/config';
import { withoutSdkLogging } from '../../platform/dynamo';
import { logger } from '../../platform/logger';
import { tracedClient } from '../../platform/tracing';
import { deleteConnection } from './store/connections';
import type { ServedEvent } from './topic-definition';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

/** The @connections client; endpoint from config, else from the WebSocket event (in AWS). */
function managementClient(fallbackEndpoint?: string): ApiGatewayManagementApiClient {
  const endpoint = config.wsManagementEndpoint() ?? fallbackEndpoint;
  if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not set');
  if (!client || clientEndpoint !== endpoint) {
    client = new ApiGatewayManagementApiClient({
      endpoint,
      region: config.region(),
      ...(config.isLocalStack() ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    withoutSdkLogging(client);
    client = tracedClient(client);
    clientEndpoint = endpoint;
  }
  return client;
}

/**
 * Send messages to one socket in as few posts as the WebSocket message quota
 * allows — one when they fit together (shared/message-parts.ts `framesOf`),
 * in order; a gone connection (410) is deleted and reported as such. That is
 * also where a closed anonymous socket's records, left to their TTL by its
 * `$disconnect` (store/connections.ts deleteStaffConnection), go when a push
 * reaches them first: once, since the next push no longer finds them.
 */
export async function sendToConnection(
  connectionId: string,
  messages: ServerMessage | readonly ServerMessage[],
  fallbackEndpoint?: string,
): Promise<'sent' | 'gone'> {
  return postFrames(
    connectionId,
    encodedFrames(Array.isArray(messages) ? messages : [messages as ServerMessage]),
    fallbackEndpoint,
  );
}

/** The posts that carry `messages`, serialized. */
function encodedFrames(messages: readonly ServerMessage[]): Buffer[] {
  return framesOf(messages).map((frame) => Buffer.from(JSON.stringify(frame)));
}

async function postFrames(
  connectionId: string,
  frames: readonly Buffer[],
  fallbackEndpoint?: string,
): Promise<'sent' | 'gone'> {
  try {
    for (const data of frames) {
      await managementClient(fallbackEndpoint).send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }),
      );
    }
    return 'sent';
  } catch (error) {
    if (isGone(error)) {
      await deleteConnection(connectionId);
      return 'gone';
    }
    throw error;
  }
}

/**
 * Close a socket from the server (the @connections DELETE; one already gone
 * is fine), then delete its connection and subscription records. In that
 * order: if the close fails, the records still name the socket for a retry.
 */
export async function closeConnection(connectionId: string, fallbackEndpoint?: string): Promise<void> {
  try {
    await managementClient(fallbackEndpoint).send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
  await deleteConnection(connectionId);
}

function isGone(error: unknown): boolean {
  return (
    error instanceof GoneException ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410
  );
}

/** A watched topic as the fan-out found it (modules/live/audiences.ts), with its snapshot still to build. */
export interface TopicToPublish {
  topic: string;
  subscribers: readonly string[];
  events: () => Promise<ServedEvent[]>;
}

/**
 * Post what one stream batch changed (DESIGN section 9: a change reaches 500
 * dashboards within 1 s). Each topic's snapshot is built ONCE, then each
 * subscriber gets every event of every topic it watches in one post (more
 * only past the message quota) — not one post per topic and event. Returns
 * the topics whose snapshot could not be built (nothing of theirs is sent;
 * the caller retries their records).
 */
export async function publishTopics(
  topics: readonly TopicToPublish[],
): Promise<{ failed: string[]; sent: number; gone: number }> {
  const failed: string[] = [];
  // the topics each connection watches among these, and each topic's messages
  const topicsOf = new Map<string, string[]>();
  const messagesOf = new Map<string, ServerMessage[]>();
  const built = await Promise.allSettled(
    topics.map(({ subscribers, events }) => (subscribers.length > 0 ? events() : Promise.resolve([]))),
  );
  built.forEach((outcome, i) => {
    const { topic, subscribers } = topics[i]!;
    if (outcome.status === 'rejected') {
      logger.error('topic snapshot failed', { topic, error: String(outcome.reason) });
      failed.push(topic);
      return;
    }
    messagesOf.set(
      topic,
      outcome.value.map(({ event, data }) => ({ topic, event, data })),
    );
    for (const connectionId of subscribers) {
      const watched = topicsOf.get(connectionId);
      if (watched) watched.push(topic);
      else topicsOf.set(connectionId, [topic]);
    }
  });
  // connections watching the same topics get the same posts: each is serialized once, not once per connection
  const framesByTopics = new Map<string, Buffer[]>();
  const framesFor = (watched: string[]) => {
    const key = watched.join('\n');
    const known = framesByTopics.get(key);
    if (known) return known;
    const frames = encodedFrames(watched.flatMap((topic) => messagesOf.get(topic)!));
    framesByTopics.set(key, frames);
    return frames;
  };
  let sent = 0;
  let gone = 0;
  // one subscriber's failure must not starve the others: log it and go on
  const outcomes = await Promise.allSettled(
    [...topicsOf].map(async ([connectionId, watched]) => {
      if ((await postFrames(connectionId, framesFor(watched))) === 'gone') gone += 1;
      else sent += 1;
    }),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') logger.warn('post to connection failed', { error: String(outcome.reason) });
  }
  if (gone > 0) logger.info('removed gone connections', { gone });
  return { failed, sent, gone };
}
