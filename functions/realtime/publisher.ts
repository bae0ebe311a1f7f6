import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { splitMessage } from '../../shared/message-parts';
import type { ServerMessage } from '../../shared/topics';
import { config } from '../lib/config';
import { withoutSdkLogging } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { tracedClient } from '../lib/tracing';
import { deleteConnection } from '../store/connections';
import type { TopicEvent } from './topic-definition';

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
 * Send one message — as several posts, in order, when it is over the
 * WebSocket message quota (shared/message-parts.ts); a gone connection (410)
 * is deleted and reported as such.
 */
export async function sendToConnection(
  connectionId: string,
  message: ServerMessage,
  fallbackEndpoint?: string,
): Promise<'sent' | 'gone'> {
  try {
    for (const part of splitMessage(message)) {
      await managementClient(fallbackEndpoint).send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(part)) }),
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
  return error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;
}

/**
 * Post a topic's events to its subscribers (as the fan-out found them:
 * realtime/audiences.ts). `events` may be the snapshot still to build: it
 * is built only when there is someone to send it to.
 */
export async function publishTopic(
  topic: string,
  subscribers: readonly string[],
  events: TopicEvent[] | (() => Promise<TopicEvent[]>),
): Promise<{ sent: number; gone: number }> {
  if (subscribers.length === 0) return { sent: 0, gone: 0 };
  const built = typeof events === 'function' ? await events() : events;
  let sent = 0;
  let gone = 0;
  // one subscriber's failure must not starve the others: log it and go on
  const outcomes = await Promise.allSettled(
    subscribers.map(async (connectionId) => {
      for (const { event, data } of built) {
        const outcome = await sendToConnection(connectionId, { topic, event, data });
        if (outcome === 'gone') {
          gone += 1;
          return;
        }
      }
      sent += 1;
    }),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') logger.warn('post to connection failed', { topic, error: String(outcome.reason) });
  }
  if (gone > 0) logger.info('removed gone connections', { topic, gone });
  return { sent, gone };
}
