import { randomInt } from 'node:crypto';
import { routes } from '@shared/api/routes';
import { USSD_SERVICE_CODE } from '@shared/ussd';
import { localDefaults } from '../functions/integrations/local-defaults';
import { BenchClient } from './http-client';

/**
 * What the outcomes bench (bench/outcomes.ts) sends: entries across both
 * networks (MTN 088/055, Orange 077) and both channels (the web's POST, USSD
 * as Africa's Talking posts it), each under one misbehaviour. A test number's
 * last six digits decide what the simulators do with it (README "simulators");
 * a wave's misbehaviour is a simulator setting made while its entries go out.
 */
export type Network = 'mtn' | 'orange';
type Channel = 'web' | 'ussd';

export interface Misbehaviour {
  name: string;
  /** The six trailing digits of its numbers; none: a fresh approving number per entry. */
  ending?: string;
  mtn: number;
  orange: number;
}

/** Number-decided misbehaviours (README "The simulators' test numbers" and the SMS table). */
export const BY_NUMBER: readonly Misbehaviour[] = [
  { name: 'ordinary approval', mtn: 60, orange: 40 },
  { name: 'declined (000101)', ending: '000101', mtn: 24, orange: 12 },
  { name: 'expired at the provider (000102)', ending: '000102', mtn: 12, orange: 6 },
  { name: 'approved, no callback (000103)', ending: '000103', mtn: 12, orange: 6 },
  { name: 'pending for ever: our expiry (000105)', ending: '000105', mtn: 12, orange: 6 },
  { name: 'slow POST: 409 then 404 (000106)', ending: '000106', mtn: 24, orange: 6 },
  { name: '5xx on the first POST (000107)', ending: '000107', mtn: 24, orange: 0 },
  { name: 'no wallet (000108)', ending: '000108', mtn: 18, orange: 12 },
  { name: 'late approval after expiry (000109)', ending: '000109', mtn: 24, orange: 12 },
  { name: 'SMS RiskHold (000206)', ending: '000206', mtn: 12, orange: 6 },
  { name: 'SMS InsufficientBalance (000207)', ending: '000207', mtn: 12, orange: 6 },
];

/** One entry as sent. */
export interface Sent {
  msisdn: string;
  network: Network;
  channel: Channel;
  misbehaviour: string;
  /** The web's answer (202 with entry_id) or USSD's END screen; anything else is a refusal. */
  accepted: boolean;
  entryId?: string;
  answer: string;
}

/** An entry to send. */
export interface Planned {
  msisdn: string;
  network: Network;
  channel: Channel;
  misbehaviour: string;
}

/** A number's national prefix: Lonestar MTN 88 or 55, Orange 77. */
const prefixOf = (network: Network) => (network === 'orange' ? '77' : randomInt(2) === 0 ? '88' : '55');

/** A fresh approving number: seven random digits that end in none of the test patterns. */
function freshNumber(network: Network): string {
  for (;;) {
    const digits = String(randomInt(1_000_000, 9_999_999));
    if (!digits.slice(1).startsWith('000')) return `231${prefixOf(network)}${digits}`;
  }
}

/**
 * `count` entries of one misbehaviour on one network, alternating web and USSD.
 * A test number takes 3 prompts per 10 minutes (DESIGN section 7), and each
 * ending has 10 numbers per prefix: they go round-robin so none takes more.
 */
export function plan(m: Misbehaviour, network: Network, count: number): Planned[] {
  const prefixes = network === 'orange' ? ['77'] : ['88', '55'];
  const pool = prefixes.flatMap((p) => Array.from({ length: 10 }, (_, d) => `231${p}${d}${m.ending}`));
  const start = randomInt(pool.length);
  return Array.from({ length: count }, (_, i) => ({
    msisdn: m.ending ? pool[(start + i) % pool.length]! : freshNumber(network),
    network,
    channel: i % 2 === 0 ? 'web' : 'ussd',
    misbehaviour: m.name,
  }));
}

/** A wave: fresh approving numbers on one network, sent while a simulator misbehaves. */
export const wave = (name: string, network: Network, count: number): Planned[] =>
  plan({ name, mtn: 0, orange: 0 }, network, count);

/** Shuffled in place (the misbehaviours interleave, as real traffic does). */
export function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Sends the entries, `parallel` at a time. */
export async function send(baseUrl: string, entries: Planned[], parallel: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      sent.push(await sendOne(new BenchClient(baseUrl), entry));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return sent;
}

async function sendOne(client: BenchClient, entry: Planned): Promise<Sent> {
  try {
    if (entry.channel === 'web') {
      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}:${randomInt(1024, 65535)}`;
      const r = await client.request(
        'POST',
        routes.dailyDrawEntry.path,
        { mobile_number: entry.msisdn, amount: '100.00|LRD' },
        { 'cloudfront-viewer-address': address },
      );
      const accepted = r.status === 202 && typeof r.body?.entry_id === 'string';
      return { ...entry, accepted, ...(accepted ? { entryId: r.body.entry_id } : {}), answer: `${r.status}` };
    }
    // USSD as Africa's Talking posts it: the menu's choice, then the game's price (END: approve the prompt)
    await dial(client, entry.msisdn, '1');
    const r = await dial(client, entry.msisdn, '1*1');
    return { ...entry, accepted: r.status === 200 && /^END .*[Aa]pprove/.test(r.text), answer: r.text.slice(0, 40) };
  } catch (error) {
    return { ...entry, accepted: false, answer: (error as Error).message };
  }
}

function dial(client: BenchClient, msisdn: string, text: string) {
  const server = msisdn.startsWith('23177') ? 'orange' : 'lonestar';
  const form = new URLSearchParams({
    sessionId: `ATUid_bench_${msisdn}`,
    serviceCode: USSD_SERVICE_CODE,
    phoneNumber: `+${msisdn}`,
    networkCode: server === 'orange' ? '61807' : '61801',
    text,
  });
  const path = `${routes.ussd.path.replace(':server', server)}?key=${encodeURIComponent(localDefaults.ussd[server])}`;
  return client.request('POST', path, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}
