import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { messages } from '@shared/messages';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/**
 * The built site served as CloudFront + S3 would: hashed assets cached for a
 * year, index.html revalidated, gzip when the browser accepts it, and the SPA
 * fallback for extension-less paths (as the CloudFront Function does).
 */
export class StaticSite {
  private readonly root: string;
  private readonly cache = new Map<string, { raw: Buffer; gzip?: Buffer }>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  async serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // a path that is not valid percent-encoding is the caller's mistake, answered as the API does (DESIGN section 7)
      const body = JSON.stringify({ error: messages.http.malformedRequest });
      res.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    let file = normalize(join(this.root, path));
    if (!file.startsWith(this.root)) {
      res.writeHead(400).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      if (extname(path) !== '') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = join(this.root, 'index.html');
      if (!existsSync(file)) {
        res
          .writeHead(503, { 'content-type': 'text/plain' })
          .end('The web site is not built yet: run `npm run build:web`.');
        return;
      }
    }
    const ext = extname(file);
    const entry = this.load(file, ext);
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = acceptsGzip && entry.gzip ? entry.gzip : entry.raw;
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': String(body.length),
      'cache-control': file.includes(`${join(this.root, 'assets')}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...(body === entry.gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private load(file: string, ext: string) {
    const mtime = statSync(file).mtimeMs;
    const key = `${file}@${mtime}`;
    let entry = this.cache.get(key);
    if (!entry) {
      const raw = readFileSync(file);
      entry = { raw, gzip: COMPRESSIBLE.has(ext) && raw.length > 1024 ? gzipSync(raw, { level: 9 }) : undefined };
      this.cache.set(key, entry);
    }
    return entry;
  }
}
