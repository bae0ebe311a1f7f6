import { routes } from '@shared/api/routes';
import { ensureSeedAdmin } from '../functions/modules/staff/seed-admin';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { percentile, round, timed } from './stats';

/**
 * The baseline on the local stack: sign-in p50/p95 (scrypt at
 * N=2^17 dominates, by design) and an HTTP round trip to read routes —
 * the public health check and the signed-in `GET /auth/me`.
 */
export async function benchLocalStack(baseUrl: string): Promise<BenchResult[]> {
  const email = 'bench-admin@example.com';
  const password = 'bench-password-123';
  await ensureSeedAdmin(email, password, new Date());

  const logins: number[] = [];
  const client = new BenchClient(baseUrl);
  for (let i = 0; i < 15; i += 1) {
    const [ms, response] = await timed(() => client.request('POST', routes.adminLogin.path, { email, password }));
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    logins.push(ms);
  }

  const health: number[] = [];
  const me: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    health.push((await timed(() => client.request('GET', routes.health.path)))[0]);
    me.push((await timed(() => client.request('GET', routes.me.path)))[0]);
  }
  return [
    { name: 'login p50', value: round(percentile(logins, 50)), unit: 'ms' },
    { name: 'login p95', value: round(percentile(logins, 95)), unit: 'ms' },
    { name: 'GET /health round trip p50', value: round(percentile(health, 50), 2), unit: 'ms' },
    { name: 'GET /health round trip p95', value: round(percentile(health, 95), 2), unit: 'ms' },
    { name: 'GET /auth/me (session + user read) p50', value: round(percentile(me, 50), 2), unit: 'ms' },
    { name: 'GET /auth/me (session + user read) p95', value: round(percentile(me, 95), 2), unit: 'ms' },
  ];
}
