import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { StaticSite } from '../../infra/local/static-site';

/**
 * DESIGN section 7: "No input stops the product: malformed paths … get a 4xx
 * in the `{error}` shape". The local site server (CloudFront + S3's stand-in)
 * answers a path that is not valid percent-encoding 400 as the API does,
 * never a 5xx. Served over real HTTP from a built-site folder.
 */
let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>site</title>');
  const site = new StaticSite(root);
  server = createServer((req, res) => void site.serve(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  rmSync(root, { recursive: true, force: true });
});

describe('site paths with malformed percent-encoding', () => {
  for (const path of ['/%', '/%ff', '/draws/%E0%A4%A', '/admin/%zz']) {
    it(`answers 400 {error} for ${path}`, async () => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: messages.http.malformedRequest });
    });
  }

  it('still serves a well-encoded page path (the SPA fallback)', async () => {
    const response = await fetch(`${base}/draws/%E0%A4%85`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>site</title>');
  });
});
