import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { frameBudgetMessages } from '@shared/frame-budget';
import { messages } from '@shared/messages';
import { TOPIC_ERROR_EVENT, TOPIC_PATTERN, topicNames, type ServerMessage } from '@shared/topics';
import { sessionIdFromCookies, findSession, findSessionByKey, sessionUser } from '../modules/staff';
import { clock } from '../platform/clock';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { cameThroughSite } from '../platform/origin-verify';
import {
  closeConnection,
  sendToConnection,
  spendFrame,
  resolveTopic,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  addSubscription,
  deleteStaffConnection,
  getConnection,
  removeSubscription,
  saveConnection,
  socketOriginAllowed,
  TopicRefusal,
  type ServedTopic,
} from '../modules/live';

/** API Gateway's WebSocket event; $connect also carries the handshake headers. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
};

const ok = { statusCode: 200, body: '' };

/**
 * The WebSocket Lambda (DESIGN section 6): `$connect` records the socket and
 * its staff session (anonymous sockets are allowed but read only the topics
 * anyone may: an entry's, by its secret id; a socket naming its entry,
 * `/ws?entry=<id>`, watches it from the start); `subscribe` checks the
 * session may read the topic, records the subscription and sends the topic's
 * snapshot (an entry's topic: adds the socket to the entry's watchers, whose
 * stream record brings the snapshot); `unsubscribe` and `$disconnect` clean up.
 * No frame makes it throw (DESIGN section 7): whatever a client sends gets a
 * `{topic, event: 'error', data: {error}}` answer or, for a repeat, none.
 */
export async function handler(event: WebSocketEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  logger.addContext(context);
  const { routeKey, connectionId, domainName, stage, connectedAt } = event.requestContext;
  const endpoint = `https://${domainName}/${stage}`;
  const now = clock.now();
  switch (routeKey) {
    case '$connect':
      return connect(connectionId, event.headers ?? {}, event.queryStringParameters ?? {}, now);
    case '$disconnect':
      await deleteStaffConnection(connectionId);
      return ok;
    default: {
      // every frame spends its connection's budget first (DESIGN section 7: a flood costs only its own socket)
      // a budget that cannot be read lets the frame through: answer() meets the same failure and says so
      // (`connectedAt` dates the record an anonymous socket's first frame creates; a hand-made event may lack it)
      const verdict = await spendFrame(connectionId, now.getTime(), connectedAt ?? now.getTime()).catch(
        (error: unknown) => {
          logger.error('frame budget not read', { connectionId, error });
          return 'allowed' as const;
        },
      );
      // 'subscribe', 'unsubscribe' and anything else: answer() reads the frame and refuses what it cannot use
      if (verdict === 'allowed') await answer(connectionId, event.body ?? '', endpoint, now);
      else await overBudget(connectionId, verdict, event.body ?? '', endpoint);
      return ok;
    }
  }
}

/**
 * A frame over its connection's budget is not read: it is refused with an
 * error, and the one that spends the last refusal gets a last message and the
 * connection is closed (@connections DELETE); frames still in flight then
 * close it again, silently, in case that close failed.
 */
async function overBudget(
  connectionId: string,
  verdict: 'refused' | 'close' | 'closing',
  body: string,
  endpoint: string,
): Promise<void> {
  const topic = topicOf(clientMessage(body));
  try {
    if (verdict !== 'closing') {
      const error = verdict === 'refused' ? frameBudgetMessages.tooManyFrames : frameBudgetMessages.closedForFlood;
      const sent = await sendToConnection(connectionId, { topic, event: TOPIC_ERROR_EVENT, data: { error } }, endpoint);
      if (sent === 'gone') return;
    }
    if (verdict === 'refused') return;
    logger.warn('socket closed: over its frame budget', { connectionId });
    await closeConnection(connectionId, endpoint);
  } catch (error) {
    logger.warn('frame over budget not answered', { connectionId, error: String(error) });
  }
}

async function connect(
  connectionId: string,
  headers: Record<string, string | undefined>,
  query: Record<string, string | undefined>,
  now: Date,
) {
  if (!(await cameThroughSite(headers))) return { statusCode: 403, body: messages.http.notThroughSite };
  const origin = headerValue(headers, 'origin');
  const site = {
    allowed: config.allowedOrigins(),
    publicBaseUrl: config.publicBaseUrl(),
    host: headerValue(headers, 'host'),
  };
  // a cross-site page must not open a socket riding a staff cookie (DESIGN section 7)
  if (!socketOriginAllowed(origin, site)) {
    logger.warn('socket refused: cross-site origin', { origin });
    return { statusCode: 403, body: 'Forbidden origin' };
  }
  // an entry's page names its entry: its socket watches it from the start, with no frame and no record of its own
  if (query.entry !== undefined) return watchNamedEntry(query.entry, connectionId);
  const sessionId = sessionIdFromCookies(headerValue(headers, 'cookie'));
  const found = sessionId ? await findSession(sessionId, now) : undefined;
  // a session made from an older credential version opens an anonymous socket (DESIGN section 7)
  const session = found && (await sessionUser(found)) ? found : undefined;
  // an anonymous socket (every player's entry page) is recorded by its first frame: nothing to write for it here
  if (session) {
    await saveConnection({
      connectionId,
      sessionKey: session.sessionKey,
      userId: session.userId,
      connectedAt: now.getTime(),
    });
  }
  return ok;
}

/**
 * `$connect` of `/ws?entry=<id>` (an entry's page, web/src/features/play):
 * the socket watches that entry from its first moment (ONE write of the
 * entry: modules/entries store/entry-watchers.ts) and the entry's own stream
 * record of it brings the status (nothing can be sent on a socket before its
 * $connect answers). An id no entry has is refused with the route's 404, an
 * entry watched from too many pages with a 429: the page follows by HTTP then.
 */
async function watchNamedEntry(entryId: string, connectionId: string) {
  const resolved = resolveTopic(topicNames.entry(entryId));
  if (!resolved?.definition.watchers) return { statusCode: 404, body: messages.refusals.noSuchEntry };
  const refused = await watch(resolved.definition, resolved.params, connectionId);
  return refused ? { statusCode: refused.status, body: refused.error } : ok;
}

/** A client message: its answer is sent; anything unexpected is logged and answered, never thrown. */
async function answer(connectionId: string, body: string, endpoint: string, now: Date): Promise<void> {
  const send = (m: ServerMessage | ServerMessage[]) => sendToConnection(connectionId, m, endpoint);
  const request = clientMessage(body);
  const topic = topicOf(request);
  try {
    const refusal = request ? await handle(connectionId, request, send, now) : messages.topics.notAnObject;
    if (refusal) await send({ topic, event: TOPIC_ERROR_EVENT, data: { error: refusal } });
  } catch (error) {
    logger.error('socket message failed', { connectionId, error });
    await send({ topic, event: TOPIC_ERROR_EVENT, data: { error: messages.topics.unavailable } }).catch(
      (sendError: unknown) => logger.warn('error reply not sent', { connectionId, error: String(sendError) }),
    );
  }
}

/** The body as a JSON object, or undefined (not JSON; `null`, an array, a number or a string). */
function clientMessage(body: string): { action?: unknown; topic?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal names the topic as the client sent it, so the client can tell which request failed. */
function topicOf(request: { topic?: unknown } | undefined): string {
  return typeof request?.topic === 'string' ? request.topic : '';
}

/** Act on a well-formed message; returns the refusal to send, if any. */
async function handle(
  connectionId: string,
  request: { action?: unknown; topic?: unknown },
  send: (m: ServerMessage | ServerMessage[]) => Promise<unknown>,
  now: Date,
): Promise<string | undefined> {
  if (request.action !== 'subscribe' && request.action !== 'unsubscribe') return messages.topics.unknownAction;
  const topic = typeof request.topic === 'string' ? request.topic : '';
  if (!TOPIC_PATTERN.test(topic)) return messages.topics.unknownTopic;
  const resolved = resolveTopic(topic);
  if (request.action === 'unsubscribe') {
    if (resolved?.definition.watchers) await resolved.definition.watchers.unwatch(resolved.params, connectionId);
    else await removeSubscription(connectionId, topic);
    return undefined;
  }
  if (!resolved) return messages.topics.unknownTopic;
  const { definition, params } = resolved;
  // a topic anyone may read whose item keeps its watchers (an entry's): one write of that item, nothing else read
  if (definition.watchers) return (await watch(definition, params, connectionId))?.error;
  const connection = await getConnection(connectionId);
  // a topic anyone may read (an entry's) asks for no session; every other needs a live one that may read it
  if (!definition.canRead(undefined, params)) {
    const session = connection?.sessionKey ? await findSessionByKey(connection.sessionKey, now) : undefined;
    const user = session ? await sessionUser(session) : undefined;
    if (!connection || !user) return messages.auth.signInRequired;
    if (!definition.canRead(user, params)) return messages.topics.forbidden;
  } else if (!connection) return messages.topics.unavailable;

  const outcome = await addSubscription(connection, topic, definition.pattern);
  // a topic already held has had its snapshot and gets every change: a repeat is answered with nothing
  if (outcome === 'already') return undefined;
  if (outcome === 'full') return messages.topics.tooMany(MAX_SUBSCRIPTIONS_PER_CONNECTION);
  if (outcome === 'gone') return connection.sessionKey ? messages.auth.signInRequired : messages.topics.unavailable;
  try {
    // the snapshot's events in one post when they fit together (shared/message-parts.ts)
    const snapshot = await definition.snapshot(params, now);
    await send(snapshot.map(({ event, data }) => ({ topic, event, data })));
  } catch (error) {
    // without its snapshot the subscription is no use: drop it so that subscribing again sends one
    await removeSubscription(connectionId, topic);
    // a refusal (an entry id no entry has) is told as is; anything else is a failure
    if (error instanceof TopicRefusal) return error.message;
    throw error;
  }
  return undefined;
}

/**
 * Add the socket to the topic's item's watchers: that item's stream record
 * then brings it the snapshot (functions/lambdas/stream.ts), whether it
 * subscribed or named its entry when connecting — one way for both, and
 * never twice. A repeat changes nothing and brings nothing. Refused: an item
 * that does not exist (404), or one watched by too many sockets (429).
 */
async function watch(
  definition: ServedTopic,
  params: Record<string, string>,
  connectionId: string,
): Promise<{ error: string; status: 404 | 429 } | undefined> {
  try {
    const outcome = await definition.watchers!.watch(params, connectionId);
    return outcome === 'full' ? { error: messages.topics.tooManyWatchers, status: 429 } : undefined;
  } catch (error) {
    if (error instanceof TopicRefusal) return { error: error.message, status: 404 };
    throw error;
  }
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}
