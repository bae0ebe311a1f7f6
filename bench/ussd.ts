import { randomInt } from 'node:crypto';
import { localDefaults } from '../functions/integrations/local-defaults';
import { USSD_SERVICE_CODE } from '@shared/ussd';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { percentile, round, timed } from './stats';

/**
 * USSD reply latency on the local stack (DESIGN section 9: p99 under 300 ms):
 * a realistic mix of screens — main menu, game screens, promo-code screens,
 * ticket checks and paying (which stores an entry and answers END at once;
 * its payment prompt goes out beside, from the stream: DESIGN section 8).
 */
export async function benchUssd(
  baseUrl: string,
  sharedCode: string | undefined,
  requests = 400,
): Promise<BenchResult[]> {
  const client = new BenchClient(baseUrl);
  const path = `/api/v1/ussd/lonestar?key=${encodeURIComponent(localDefaults.ussd.lonestar)}`;
  const screens = [
    '',
    '1',
    '2',
    '3',
    '4',
    '4*12345678901234',
    ...(sharedCode ? [`3*${sharedCode}`, sharedCode] : []),
    '1*1',
  ];
  const samples: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const text = screens[i % screens.length]!;
    const phone = `+23188${randomInt(1_000_000, 9_999_999)}`;
    const form = new URLSearchParams({
      sessionId: `bench-${i}`,
      serviceCode: USSD_SERVICE_CODE,
      phoneNumber: phone,
      networkCode: '61801',
      text,
    });
    const [ms, response] = await timed(() =>
      client.request('POST', path, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    if (response.status !== 200 || !/^(CON|END) /.test(response.text))
      throw new Error(`USSD answered ${response.status}: ${response.text}`);
    samples.push(ms);
  }
  const p99 = percentile(samples, 99);
  return [
    {
      name: `USSD reply p50 (${requests} requests, mixed screens)`,
      value: round(percentile(samples, 50), 2),
      unit: 'ms',
    },
    { name: 'USSD reply p99', value: round(p99, 2), unit: 'ms', bar: '< 300 ms', pass: p99 < 300 },
  ];
}
