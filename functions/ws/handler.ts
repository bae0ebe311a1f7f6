import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { messages } from '../../shared/messages';
import { TOPIC_ERROR_EVENT, TOPIC_PATTERN, type ServerMessage } from '../../shared/topics';
import { sessionIdFromCookies } from '../domain/session-policy';
import { clock } from '../lib/clock';
import { logger } from '../lib/logger';
import { cameThroughSite } from '../lib/origin-verify';
import { sendToConnection } from '../realtime/publisher';
import { resolveTopic } from '../realtime/topics';
import { addSubscription, deleteConnection, getConnection, removeSubscription, saveConnection } from '../store/connections';
import { findSession, findSessionByKey } from '../store/sessions';
import { getUser } from '../store/users';

/** API Gateway's WebSocket event; $connect also carries the handshake headers. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
};

const ok = { statusCode: 200, body: '' };

/**
 * The WebSocket Lambda (DESIGN section 6): `$connect` records the socket and
 * its staff session (anonymous sockets are allowed but can read no topic);
 * `subscribe` checks the session may read the topic, records the subscription
 * and sends the topic's snapshot; `unsubscribe` and `$disconnect` clean up.
 */
export async function handler(event: WebSocketEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  logger.addContext(context);
  const { routeKey, connectionId, domainName, stage } = event.requestContext;
  const endpoint = `https://${domainName}/${stage}`;
  const now = clock.now();
  switch (routeKey) {
    case '$connect':
      return connect(connectionId, event.headers ?? {}, now);
    case '$disconnect':
      await deleteConnection(connectionId);
      return ok;
    case 'subscribe':
    case 'unsubscribe':
    default:
      return message(connectionId, event.body ?? '', endpoint, now);
  }
}

async function connect(connectionId: string, headers: Record<string, string | undefined>, now: Date) {
  if (!(await cameThroughSite(headers))) return { statusCode: 403, body: messages.http.notThroughSite };
  const allowed = process.env.ALLOWED_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean);
  const origin = headerValue(headers, 'origin');
  // a cross-site page must not open a socket riding a staff cookie
  if (allowed && allowed.length > 0 && origin && !allowed.includes(origin)) return { statusCode: 403, body: 'Forbidden origin' };
  const sessionId = sessionIdFromCookies(headerValue(headers, 'cookie'));
  const session = sessionId ? await findSession(sessionId, now) : undefined;
  await saveConnection({ connectionId, sessionKey: session?.sessionKey, connectedAt: now.getTime() });
  return ok;
}

async function message(connectionId: string, body: string, endpoint: string, now: Date) {
  const send = (m: ServerMessage) => sendToConnection(connectionId, m, endpoint);
  let parsed: { action?: unknown; topic?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    await send({ topic: '', event: TOPIC_ERROR_EVENT, data: { error: 'Messages must be JSON.' } });
    return ok;
  }
  const topic = typeof parsed.topic === 'string' ? parsed.topic : '';
  const refuse = (error: string) => send({ topic, event: TOPIC_ERROR_EVENT, data: { error } });

  if (parsed.action !== 'subscribe' && parsed.action !== 'unsubscribe') {
    await refuse('Unknown action: use subscribe or unsubscribe.');
    return ok;
  }
  if (!TOPIC_PATTERN.test(topic)) {
    await refuse('Unknown topic.');
    return ok;
  }
  if (parsed.action === 'unsubscribe') {
    await removeSubscription(connectionId, topic);
    return ok;
  }

  const resolved = resolveTopic(topic);
  if (!resolved) {
    await refuse('Unknown topic.');
    return ok;
  }
  const connection = await getConnection(connectionId);
  const session = connection?.sessionKey ? await findSessionByKey(connection.sessionKey, now) : undefined;
  const user = session ? await getUser(session.userId) : undefined;
  if (!connection || !user) {
    await refuse('Please sign in.');
    return ok;
  }
  if (!resolved.definition.canRead(user, resolved.params)) {
    await refuse('You do not have access to this topic.');
    return ok;
  }
  await addSubscription(connectionId, topic, resolved.definition.pattern, connection.connectedAt);
  for (const { event, data } of await resolved.definition.snapshot(resolved.params, now)) {
    await send({ topic, event, data });
  }
  return ok;
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

