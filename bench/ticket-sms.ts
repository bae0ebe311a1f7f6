import { randomInt } from 'node:crypto';
import { routes } from '@shared/api/routes';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { percentile, pool, round, timed } from './stats';

const PLAYERS = 40;
const IN_FLIGHT = 4;
/** How often the SMS simulator is asked whether the ticket has arrived (the figures' resolution). */
const POLL_MS = 20;
const GIVE_UP_MS = 60_000;

/**
 * DESIGN section 9: "A player's submit to their ticket SMS: p95 reported by
 * the bench (the simulator approves after ~1 s; everything else should add
 * little)". Each player submits the daily-draw form from the web (a new
 * number and address each), and the clock stops when their ticket SMS is
 * at the Africa's Talking simulator: the entry's 202, its payment prompt
 * from the stream, the provider's approval and callback, settlement and the
 * SMS. Also the submit's own answer, which no longer waits for the provider.
 */
export async function benchTicketSms(baseUrl: string, smsUrl: string): Promise<BenchResult[]> {
  const client = new BenchClient(baseUrl);
  const answers: number[] = [];
  const toSms = await pool(Array.from({ length: PLAYERS }), IN_FLIGHT, async () => {
    const mobile = `23188${randomInt(1_000_000, 9_999_999)}`;
    const from = {
      'cloudfront-viewer-address': `100.66.${randomInt(256)}.${randomInt(1, 255)}:${randomInt(1024, 65535)}`,
    };
    const started = performance.now();
    const [answerMs, response] = await timed(() =>
      client.request('POST', routes.dailyDrawEntry.path, { mobile_number: mobile, amount: '100.00|LRD' }, from),
    );
    if (response.status !== 202) throw new Error(`entry refused: ${response.status} ${response.text}`);
    answers.push(answerMs);
    for (;;) {
      const { messages } = (await (await fetch(`${smsUrl}/__sim/messages?to=${mobile}&accepted=1`)).json()) as {
        messages: unknown[];
      };
      if (messages.length > 0) return performance.now() - started;
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`no ticket SMS for ${mobile} within ${GIVE_UP_MS} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  });
  // the bench's stack approves after MOMO_SIM_APPROVE_MS (bench/env.ts: 20 ms unless set; DESIGN section 9 names ~1 s:
  // `MOMO_SIM_APPROVE_MS=1000 npx tsx bench/run.ts ticket`)
  const approval = `simulator approves after ${process.env.MOMO_SIM_APPROVE_MS ?? '1000'} ms`;
  return [
    {
      name: `web submit answered (202) p50 (${PLAYERS} players, ${IN_FLIGHT} at a time)`,
      value: round(percentile(answers, 50)),
      unit: 'ms',
    },
    { name: 'web submit answered (202) p95', value: round(percentile(answers, 95)), unit: 'ms' },
    {
      name: `web submit → ticket SMS at the SMS simulator p50 (${approval})`,
      value: round(percentile(toSms, 50)),
      unit: 'ms',
    },
    { name: 'web submit → ticket SMS at the SMS simulator p95', value: round(percentile(toSms, 95)), unit: 'ms' },
  ];
}
