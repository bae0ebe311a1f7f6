/**
 * `npm run bench`: every performance figure DESIGN section 9 sets a bar for,
 * measured on this machine against one local stack started here (never as a
 * timed test). Prints one table; exits non-zero only if a benchmark cannot
 * run — a missed bar is reported, not hidden.
 */
import './env';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../infra/local/stack';
import { benchBundles } from './bundles';
import { benchDashboards } from './dashboards';
import { benchDraws } from './draws';
import { aBenchPromotionCode } from './fixtures';
import { benchLocalStack } from './local-stack';
import { benchOutcomes } from './outcomes';
import type { BenchResult } from './result';
import { benchSettlement } from './settlement';
import { benchSurge } from './surge';
import { benchSurgeCount } from './surge-count';
import { benchTicketSms } from './ticket-sms';
import { benchUssd } from './ussd';
import { benchWeb } from './web';

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wanted = (name: string) => only.length === 0 || only.includes(name);
/** Sections that start no stack here, or their own. */
const OWN_STACK = ['outcomes', 'bundles'];

async function main(): Promise<void> {
  const sections: Array<[string, BenchResult[]]> = [];
  const run = async (name: string, title: string, bench: () => Promise<BenchResult[]>) => {
    if (!wanted(name)) return;
    process.stdout.write(`… ${title}\n`);
    sections.push([title, await bench()]);
  };
  // only when named (DESIGN section 4's rule, not a section 9 bar: ~10 minutes); its own stack, in a process it
  // kills (-9) and starts again: before this one's, not beside it
  if (only.includes('outcomes'))
    await run('outcomes', 'Every debit ends in one outcome: 500+ entries, every misbehaviour, one kill -9', () =>
      benchOutcomes(),
    );
  if (only.length > 0 && only.every((name) => OWN_STACK.includes(name))) {
    await run('bundles', 'Lambda bundles as CDK builds them', () => benchBundles());
    return print(sections);
  }
  // the functions' metric lines go to a file, not into the bench's report
  const metricsLog = join(mkdtempSync(join(tmpdir(), 'raffle-bench-metrics-')), 'metrics.log');
  // its beacon serves a round at once (bench/draws.ts measures a draw's cost, not the wait for a round)
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    scheduler: false,
    metricsLog,
    beaconServesFutureRounds: true,
  });
  process.env.BENCH_BASE_URL = stack.url;
  try {
    await run('stack', 'Local stack baseline', () => benchLocalStack(stack.url));
    await run('settlement', 'Settlement throughput', () => benchSettlement(stack.url));
    await run('ussd', 'USSD latency', async () => benchUssd(stack.url, await aBenchPromotionCode()));
    await run('ticket', "A player's submit to their ticket SMS (DESIGN section 9)", () =>
      benchTicketSms(stack.url, stack.smsUrl),
    );
    await run('draws', 'Draw cost against window size', () => benchDraws());
    await run('dashboards', 'Live dashboards', () => benchDashboards(stack));
    await run('web', 'Public site', () => benchWeb(stack.url));
    await run(
      'surge',
      'The on-air surge, counted (DESIGN section 10) and rate limits under it (DESIGN section 7)',
      async () => [...(await benchSurgeCount(stack.url, stack.smsUrl)), ...(await benchSurge(stack.url))],
    );
  } finally {
    await stack.stop();
  }
  // with the stack stopped: its pollers would otherwise share the cores with the cold loads measured
  await run('bundles', 'Lambda bundles as CDK builds them', () => benchBundles());
  print(sections);
}

function print(sections: Array<[string, BenchResult[]]>): void {
  const rows = sections.flatMap(([title, results]) => [
    `\n${title}`,
    ...results.map((r) => {
      const verdict = r.pass === undefined ? '' : r.pass ? '  ✓' : '  ✗ MISSED';
      return `  ${r.name.padEnd(72)} ${String(r.value).padStart(10)} ${r.unit.padEnd(10)} ${r.bar ?? ''}${verdict}`;
    }),
  ]);
  console.log(rows.join('\n'));
  const missed = sections.flatMap(([, results]) => results).filter((r) => r.pass === false);
  console.log(
    `\n${missed.length === 0 ? 'All bars met.' : `${missed.length} bar(s) missed: ${missed.map((r) => r.name).join('; ')}`}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
