import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { allRoutes, routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { toHttpApiEvent, matchRoute } from './http-event';
import { lambdaContext, loadHandler } from './lambda-registry';
import { StaticSite } from './static-site';
import { LocalWebSocketApi } from './websocket-api';

/** API Gateway HTTP API's own payload limit; our handlers refuse far smaller bodies with 413. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;

/**
 * The local gateway (DESIGN section 2): a thin adapter that turns requests
 * into the events API Gateway would send and invokes the same handlers
 * through the same routing table. No business rule lives here.
 *   /api/*  → HTTP API events → functions/lambdas/<domain>.ts
 *   /ws     → WebSocket API events → functions/lambdas/ws.ts
 *   else    → the built web site with SPA fallback (as CloudFront + S3)
 */
export class LocalGateway {
  private server?: Server;
  readonly websocket = new LocalWebSocketApi();
  private readonly site: StaticSite | undefined;
  url = '';
  /**
   * Until the stack has finished starting (table, house games,
   * the seed admin), the health route answers 503, so a script that waits for
   * it can sign in at once.
   */
  private ready = false;

  constructor(private readonly options: { port: number; host?: string; webDist?: string }) {
    this.site = options.webDist ? new StaticSite(options.webDist) : undefined;
  }

  async start(): Promise<void> {
    await this.websocket.start();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[gateway] request failed', error);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Bad gateway' }));
      });
    });
    this.server.on('upgrade', (req, socket, head) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/ws') {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.websocket.handleUpgrade(req, socket, head).catch((error) => {
        console.error('[gateway] upgrade failed', error);
        socket.destroy();
      });
    });
    this.server.keepAliveTimeout = 65_000;
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((done) => this.server!.listen(this.options.port, host, done));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://localhost:${port}`;
  }

  /** The stack is ready to serve: health may answer ok from now on. */
  markReady(): void {
    this.ready = true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!this.ready && url.pathname === routes.health.path) {
      res
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
        .end(JSON.stringify({ error: messages.http.starting }));
      return;
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      await this.handleApi(req, res, url);
      return;
    }
    if (this.site && (req.method === 'GET' || req.method === 'HEAD')) {
      await this.site.serve(req, res, url);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }

  private async handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const body = await readBody(req, res);
    if (!body) return;
    const method = (req.method ?? 'GET').toUpperCase();
    const route = matchRoute(allRoutes, method, url.pathname);
    // unmatched paths go to the catch-all route (public function → JSON 404), as in AWS
    const domain = route?.spec.domain ?? 'public';
    const event = toHttpApiEvent(req, url, body, route);
    const handler = await loadHandler(domain);
    const result = (await handler(event as never, lambdaContext(domain))) as APIGatewayProxyStructuredResultV2;
    writeResult(res, result);
  }

  async stop(): Promise<void> {
    await this.websocket.stop();
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((done) => this.server!.close(() => done()));
    }
  }
}

/**
 * The request body, read up to API Gateway's limit; past it (or when the
 * declared Content-Length is already past it) a 413 {error} at once, without
 * reading further (DESIGN section 7: a client cannot make the gateway hold
 * more than the limit). Undefined when it answered 413.
 */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const refuse = () => {
      req.pause();
      req.removeAllListeners('data');
      // the connection closes after this answer: the rest of the body is never read
      const answer = JSON.stringify({ error: messages.http.tooLarge });
      res.writeHead(413, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(answer),
        connection: 'close',
      });
      res.end(answer);
      resolve(undefined);
    };
    if (Number(req.headers['content-length'] ?? 0) > GATEWAY_MAX_BODY) {
      refuse();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > GATEWAY_MAX_BODY) refuse();
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}
