import { randomInt } from 'node:crypto';
import { routes } from '@shared/api/routes';
import { PROMPTS_PER_NUMBER } from '../functions/modules/players';
import { TICKET_CHECKS } from '../functions/platform/store/rate-limits';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { pool, round } from './stats';

/**
 * DESIGN section 7 ("limits refuse only abusers"): an on-air surge of
 * distinct legitimate players — each enters the daily draw once and checks
 * a ticket once — from a realistic mix of client addresses: most behind one
 * carrier NAT address (hundreds a minute from one address), some behind a
 * second, smaller NAT, the rest on their own addresses. Every request is
 * legitimate, so every 429 is a wrong refusal: the share is held to 0.
 * Beside it, one script from one address asking for prompts to the same
 * strangers again and again, to show the per-number limit stops it (the
 * per-address limits are sized for a national surge behind one NAT,
 * functions/platform/prompt-rules.ts, so they are not what stops spam).
 */
const PLAYERS = 400;
const BEHIND_CARRIER_NAT = 250;
const BEHIND_SMALL_NAT = 50;
const IN_FLIGHT = 24;
/** The script's strangers, and how often it asks to ring each. */
const STRANGERS = 100;
const RINGS_EACH = 4;

export async function benchSurge(baseUrl: string): Promise<BenchResult[]> {
  const client = new BenchClient(baseUrl);
  const carrierNat = randomAddress();
  const smallNat = randomAddress();
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    mobile: `23188${randomInt(1_000_000, 9_999_999)}`,
    address:
      i < BEHIND_CARRIER_NAT ? carrierNat : i < BEHIND_CARRIER_NAT + BEHIND_SMALL_NAT ? smallNat : randomAddress(),
  }));
  // entries and ticket checks interleaved, as a surge sends them
  const requests = players.flatMap((player) => [
    { kind: 'entry' as const, ...player },
    { kind: 'check' as const, ...player },
  ]);
  const started = performance.now();
  const statuses = await pool(shuffled(requests), IN_FLIGHT, async (request) => {
    const headers = { 'cloudfront-viewer-address': `${request.address}:${randomInt(1024, 65535)}` };
    const response =
      request.kind === 'entry'
        ? await client.request(
            'POST',
            routes.dailyDrawEntry.path,
            { mobile_number: request.mobile, amount: '100.00|LRD' },
            headers,
          )
        : await client.request('POST', routes.dailyTicketVerification.path, { ticket_number: randomTicket() }, headers);
    if (![200, 202, 400, 429].includes(response.status)) {
      throw new Error(`surge request failed: ${response.status} ${response.text}`);
    }
    return response.status;
  });
  const seconds = (performance.now() - started) / 1000;
  const refused = statuses.filter((s) => s === 429).length;
  const share = (refused / statuses.length) * 100;

  const script = randomAddress();
  const strangers = Array.from({ length: STRANGERS }, () => `23188${randomInt(1_000_000, 9_999_999)}`);
  const rings = shuffled(strangers.flatMap((mobile) => Array.from({ length: RINGS_EACH }, () => mobile)));
  const scriptStatuses = await pool(rings, IN_FLIGHT, async (mobile) => {
    const response = await client.request(
      'POST',
      routes.dailyDrawEntry.path,
      { mobile_number: mobile, amount: '100.00|LRD' },
      { 'cloudfront-viewer-address': script },
    );
    return response.status;
  });
  const scriptPassed = scriptStatuses.filter((s) => s === 202).length;
  const scriptBar = STRANGERS * PROMPTS_PER_NUMBER.limit;

  return [
    {
      name: `surge: ${PLAYERS} players (${BEHIND_CARRIER_NAT} behind one carrier NAT, ${BEHIND_SMALL_NAT} behind another), entry + ticket check each, ${round(seconds)} s`,
      value: round(statuses.length / seconds),
      unit: 'req/s',
    },
    {
      name: `surge: legitimate requests wrongly refused (${refused} of ${statuses.length})`,
      value: round(share, 2),
      unit: '%',
      bar: '= 0 %',
      pass: refused === 0,
    },
    {
      name: `script from one address: prompts to ${STRANGERS} strangers that passed (${rings.length} asked, ${RINGS_EACH} each; ${PROMPTS_PER_NUMBER.limit} per number per 10 min, ${TICKET_CHECKS.limit} checks/min)`,
      value: scriptPassed,
      unit: 'prompts',
      bar: `≤ ${scriptBar}`,
      pass: scriptPassed <= scriptBar,
    },
  ];
}

const randomAddress = () => `100.${randomInt(64, 128)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A ticket number nobody holds: the check answers it (unknown, or a mistyped check digit), it does not refuse it. */
const randomTicket = () => String(randomInt(10_000_000, 99_999_999)) + String(randomInt(100_000, 999_999));

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
