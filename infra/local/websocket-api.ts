import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { FRAME_BUDGET, frameBudgetMessages } from '@shared/frame-budget';
import { TOPIC_ERROR_EVENT } from '@shared/topics';
import { lambdaContext, loadHandler } from './lambda-registry';

/** API Gateway's WebSocket frame limit: a larger frame closes that socket with 1009 (message too big). */
const MAX_FRAME_BYTES = 32 * 1024;
/** API Gateway refuses binary frames and closes the socket with 1003 (unsupported data). */
const UNSUPPORTED_DATA = 1003;
/** Policy violation: the close code for a socket whose queue kept overflowing. */
const POLICY_VIOLATION = 1008;
/**
 * Frames of one socket waiting for the ws handler: a staff tab's largest
 * burst (it subscribes to every topic again on reconnect) fits.
 */
const QUEUED_FRAMES = FRAME_BUDGET.burst;
/** Route selection `$request.body.action`: these actions have their own routes, anything else is `$default`. */
const ACTION_ROUTES = new Set(['subscribe', 'unsubscribe']);

/**
 * The API Gateway WebSocket API on the local stack (DESIGN section 2):
 * `$connect` / `$disconnect` / route events (route selection
 * `$request.body.action`) go to the same ws handler as in AWS, and a
 * loopback-only `@connections` management API (POST, GET, DELETE; 410 for a
 * gone connection) serves the handlers' ApiGatewayManagementApiClient.
 *
 * No input stops the process (DESIGN section 7): an oversized, binary or
 * malformed frame, or a socket error, closes that one socket with the code
 * API Gateway uses; every socket and server has an error listener, and a
 * failed handler or management call is logged, never thrown.
 *
 * One socket's flood costs only that socket (DESIGN section 7): in AWS each
 * frame is its own Lambda invocation, bounded by the route throttles and the
 * ws Lambda's per-connection budget; here every handler shares one event
 * loop, so a socket's frames go to the handler one at a time, at most
 * QUEUED_FRAMES waiting. A full queue stops reading the socket (its sender
 * waits on TCP); frames already read past it are refused as the budget
 * refuses them, and a socket that keeps overflowing is closed with 1008.
 */
export class LocalWebSocketApi {
  /** @connections POSTs delivered so far (the bench counts posts per change). */
  posts = 0;
  private readonly sockets = new Map<string, { socket: WebSocket; connectedAt: Date; sourceIp: string }>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private management?: Server;
  managementEndpoint = '';
  private host = 'localhost';
  private stopping = false;

  async start(): Promise<void> {
    this.wss.on('error', (error) => console.error('[ws] server error', error));
    this.management = createServer((req, res) => {
      this.handleManagement(req, res).catch((error) => {
        console.error('[ws] @connections call failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal server error' }));
      });
    });
    this.management.on('error', (error) => console.error('[ws] @connections server error', error));
    await new Promise<void>((done) => this.management!.listen(0, '127.0.0.1', done));
    this.managementEndpoint = `http://127.0.0.1:${(this.management.address() as AddressInfo).port}`;
  }

  /** Upgrade handler for the public server's `/ws` path. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // a client that resets mid-handshake must cost only its own socket
    socket.on('error', (error) => console.warn(`[ws] handshake socket error: ${error.message}`));
    const connectionId = randomBytes(12).toString('base64');
    this.host = req.headers.host ?? this.host;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    let status = 500;
    try {
      const result = (await this.invoke('$connect', connectionId, undefined, headers, sourceIp, queryOf(req.url))) as {
        statusCode?: number;
      };
      status = result?.statusCode ?? 200;
    } catch (error) {
      console.error('[ws] $connect failed', error);
    }
    if (status !== 200) {
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    if (socket.destroyed) {
      // the client left while $connect ran: what $connect recorded goes again
      this.disconnected(connectionId, sourceIp);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.set(connectionId, { socket: ws, connectedAt: new Date(), sourceIp });
      // ws closes the socket itself with the frame's code (1009 too big, 1007 bad UTF-8, 1002 bad frame)
      ws.on('error', (error) => console.warn(`[ws] socket ${connectionId} closed: ${error.message}`));
      const queue: FrameQueue = { waiting: [], running: false, overflowed: 0 };
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          ws.close(UNSUPPORTED_DATA, 'Binary frames are not supported');
          return;
        }
        if (ws.readyState !== ws.OPEN) return;
        const body = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8');
        if (queue.waiting.length >= QUEUED_FRAMES) {
          overflow(ws, queue, body);
          return;
        }
        queue.waiting.push(body);
        if (queue.waiting.length >= QUEUED_FRAMES) ws.pause();
        if (!queue.running) void this.drain(connectionId, sourceIp, ws, queue);
      });
      ws.on('close', () => {
        queue.waiting.length = 0;
        this.sockets.delete(connectionId);
        this.disconnected(connectionId, sourceIp);
      });
    });
  }

  /** Hand a socket's frames to the ws handler one at a time, until its queue is empty or it closes. */
  private async drain(connectionId: string, sourceIp: string, ws: WebSocket, queue: FrameQueue): Promise<void> {
    queue.running = true;
    for (let body = queue.waiting.shift(); body !== undefined; body = queue.waiting.shift()) {
      // a closing socket's frames are not read (API Gateway routes none after a close)
      if (ws.readyState !== ws.OPEN) break;
      if (ws.isPaused) ws.resume();
      const action = routeKeyOf(body);
      await this.invoke(action, connectionId, body, {}, sourceIp).catch((error) =>
        console.error(`[ws] ${action} failed`, error),
      );
    }
    queue.running = false;
    queue.overflowed = 0;
  }

  private disconnected(connectionId: string, sourceIp: string): void {
    // the stack is shutting down: its table may already be gone
    if (this.stopping) return;
    this.invoke('$disconnect', connectionId, undefined, {}, sourceIp).catch((error) =>
      console.error('[ws] $disconnect failed', error),
    );
  }

  private async invoke(
    routeKey: string,
    connectionId: string,
    body: string | undefined,
    headers: Record<string, string>,
    sourceIp: string,
    query?: Record<string, string>,
  ): Promise<unknown> {
    const handler = await loadHandler('ws');
    const now = new Date();
    const event = {
      // as API Gateway: $connect alone carries the handshake's headers and query string (none: the field is absent)
      ...(routeKey === '$connect' ? { headers } : {}),
      ...(query && Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      ...(body !== undefined ? { body, isBase64Encoded: false } : {}),
      requestContext: {
        routeKey,
        eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        domainName: this.host,
        stage: 'local',
        apiId: 'local',
        requestId: randomBytes(8).toString('hex'),
        extendedRequestId: randomBytes(8).toString('hex'),
        requestTimeEpoch: now.getTime(),
        requestTime: now.toUTCString(),
        connectedAt: this.sockets.get(connectionId)?.connectedAt.getTime() ?? now.getTime(),
        messageDirection: 'IN',
        identity: { sourceIp },
      },
    };
    return handler(event as never, lambdaContext('ws'));
  }

  private async handleManagement(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const connectionId = decodeURIComponent(match[1]!);
    const entry = this.sockets.get(connectionId);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!entry || entry.socket.readyState !== entry.socket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    switch (req.method) {
      case 'POST':
        this.posts += 1;
        entry.socket.send(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200).end();
        return;
      case 'GET':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ConnectedAt: entry.connectedAt.toISOString(),
            LastActiveAt: new Date().toISOString(),
            Identity: { SourceIp: entry.sourceIp, UserAgent: '' },
          }),
        );
        return;
      case 'DELETE':
        entry.socket.close(1000, 'closed by server');
        res.writeHead(204).end();
        return;
      default:
        res.writeHead(405).end();
    }
  }

  /** Drop a socket without a clean close, as a lost mobile connection would (for tests). */
  dropAll(): void {
    for (const { socket } of this.sockets.values()) socket.terminate();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const { socket } of this.sockets.values()) socket.terminate();
    this.wss.close();
    await new Promise<void>((done) => (this.management ? this.management.close(() => done()) : done()));
  }
}

/** The handshake's query string as API Gateway hands it to $connect: each name's last value. */
function queryOf(url: string | undefined): Record<string, string> {
  const search = new URL(url ?? '/', 'http://localhost').searchParams;
  return Object.fromEntries(search.entries());
}

interface FrameQueue {
  waiting: string[];
  running: boolean;
  /** Frames refused since the queue was last empty. */
  overflowed: number;
}

/**
 * A frame read while its socket's queue is full: refused in the ws Lambda's
 * words (shared/frame-budget.ts), and past the budget's refusals the socket
 * is closed after a last message.
 */
function overflow(ws: WebSocket, queue: FrameQueue, body: string): void {
  queue.overflowed += 1;
  const closing = queue.overflowed > FRAME_BUDGET.refusalsBeforeClose;
  const error = closing ? frameBudgetMessages.closedForFlood : frameBudgetMessages.tooManyFrames;
  ws.send(JSON.stringify({ topic: topicOf(body), event: TOPIC_ERROR_EVENT, data: { error } }));
  if (!closing) return;
  queue.waiting.length = 0;
  // reading again lets the client's close frame in, so the close completes now rather than at ws's 30 s timeout
  ws.resume();
  ws.close(POLICY_VIOLATION, 'Too many messages');
}

/** The topic a frame names, to name it in its refusal ('' if none). */
function topicOf(body: string): string {
  try {
    const topic: unknown = (JSON.parse(body) as { topic?: unknown } | null)?.topic;
    return typeof topic === 'string' ? topic : '';
  } catch {
    return '';
  }
}

/** The route API Gateway selects by `$request.body.action`: a JSON object's known action, else `$default`. */
function routeKeyOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const action = parsed !== null && typeof parsed === 'object' ? (parsed as { action?: unknown }).action : undefined;
    return typeof action === 'string' && ACTION_ROUTES.has(action) ? action : '$default';
  } catch {
    return '$default';
  }
}
