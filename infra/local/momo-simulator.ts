import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localSecrets } from './local-secrets';

/**
 * The mobile-money simulator (DESIGN sections 2 and 8): speaks the subset of
 * the MTN MoMo Open API the product uses, so the real adapter runs locally.
 * This is the skeleton: OAuth tokens for the collection and disbursement
 * products. Request-to-pay, transfers, status queries and callbacks are
 * added with the play-and-pay issue.
 */
export class MomoSimulator {
  private server?: Server;
  url = '';
  private readonly tokens = new Map<string, { product: string; expiresAt: number }>();

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[momo-simulator]', error);
        send(res, 500, { message: 'simulator error' });
      });
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const tokenMatch = /^\/(collection|disbursement)\/token\/?$/.exec(url.pathname);
    if (tokenMatch && req.method === 'POST') {
      const product = tokenMatch[1]!;
      const expectedKey =
        product === 'collection'
          ? localSecrets.momo.collectionSubscriptionKey
          : localSecrets.momo.disbursementSubscriptionKey;
      const basic = `Basic ${Buffer.from(`${localSecrets.momo.apiUser}:${localSecrets.momo.apiKey}`).toString('base64')}`;
      if (req.headers.authorization !== basic || req.headers['ocp-apim-subscription-key'] !== expectedKey) {
        send(res, 401, { error: 'Access denied due to invalid subscription key or credentials' });
        return;
      }
      const token = randomBytes(24).toString('base64url');
      this.tokens.set(token, { product, expiresAt: Date.now() + 3600_000 });
      send(res, 200, { access_token: token, token_type: 'access_token', expires_in: 3600 });
      return;
    }
    send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Not part of the simulated API' });
  }

  async stop(): Promise<void> {
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((done) => this.server!.close(() => done()));
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}
