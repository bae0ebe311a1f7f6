import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Accounts, account, type TableState, readSimulators, readTable } from './outcomes-audit';
import { BY_NUMBER, type Planned, plan, type Sent, send, shuffled, wave } from './outcomes-mix';
import { BENCH_WAITS, BenchStack } from './outcomes-stack';
import type { BenchResult } from './result';
import { round } from './stats';

/**
 * `npm run bench -- outcomes` (issue 31, DESIGN section 4 "Every debit ends
 * in exactly one outcome"): at least 500 entries across both networks and
 * both channels through every misbehaviour the simulators have, with one
 * kill -9 of the stack in the middle and a restart on the same data; then
 * every entry is let reach its outcome (the jobs run as the scheduler runs
 * them, only more often) and the simulators' own records are set against the
 * table. Its stack is its own process (./outcomes-stack.ts); the simulators
 * run inside it and die with it, but their records live in the data
 * directory (written whole on every change) and reload on restart, where
 * what was due settles: the files are the truth reported against. Their
 * in-memory settings (MTN's lag, 429s and token refusals) end with the crash,
 * as a provider's bad minute does.
 */
export async function benchOutcomes(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'raffle-outcomes-'));
  const stack = await BenchStack.start(dataDir);
  const jobs = driveJobs(stack);
  const sent: Sent[] = [];
  const started = Date.now();
  try {
    const byNumber = shuffled(BY_NUMBER.flatMap((m) => [...plan(m, 'mtn', m.mtn), ...plan(m, 'orange', m.orange)]));
    const half = Math.floor(byNumber.length / 2);
    const go = async (entries: Planned[], parallel = 6) =>
      sent.push(...(await send(stack.urls.url, entries, parallel)));
    const say = (what: string) => process.stdout.write(`  ${round((Date.now() - started) / 1000, 0)} s: ${what}\n`);

    say(
      `sending ${byNumber.length} entries by test number, half before the crash, and waves while a simulator misbehaves`,
    );
    await go(byNumber.slice(0, half));
    await control(stack.urls.momoUrl, '/__sim/lag', { indexMs: 8_000 });
    await go(wave('MTN index lag: 404 for 8 s', 'mtn', 40));
    await control(stack.urls.momoUrl, '/__sim/lag', { indexMs: 0, burstPerSecond: 4 });
    await go(wave('MTN 429 bursts (4 calls a second)', 'mtn', 40), 12);
    await control(stack.urls.momoUrl, '/__sim/lag', { burstPerSecond: 0 });
    await control(stack.urls.momoUrl, '/__sim/fail-next', { status: 503, count: 40 });
    await go(wave('MTN 5xx (fail-next 503)', 'mtn', 30));
    // the crash: while the last prompts are in flight and earlier ones settle
    await new Promise((r) => setTimeout(r, 2_000));
    say(`kill -9 after ${sent.length} entries`);
    const crashAt = Date.now();
    await stack.crash();
    await stack.boot();
    const restartMs = Date.now() - crashAt;
    say('restarted on the same data');

    await control(stack.urls.momoUrl, '/__sim/lag', { refuseTokens: 12 });
    await go(wave('MTN token refused (401)', 'mtn', 30));
    await control(stack.urls.orangeUrl, '/__sim/fail-pay', { count: 10 });
    await go(wave('Orange pay 503: status INITIATED', 'orange', 30));
    await go(byNumber.slice(half));
    const lastSentAt = Date.now();
    const sendingMs = lastSentAt - started;

    say(`all ${sent.length} sent; waiting for every outcome`);
    // the SMS account is topped up a minute after the last entry: the held SMS go out then
    await new Promise((r) => setTimeout(r, 60_000));
    await fetch(`${stack.urls.smsUrl}/__sim/account?held=false`, { method: 'POST' });
    const table = await settled(stack, dataDir, lastSentAt);
    const elapsedMs = Date.now() - started;
    jobs.stop();
    await jobs.done;
    // stopped, so every simulator has written its last change
    await stack.stop();
    const accounts = account(table, readSimulators(dataDir));
    reportDefects(accounts, sent);
    return results(accounts, sent, { restartMs, sendingMs, elapsedMs, crashAtMs: crashAt - started });
  } catch (error) {
    console.error(stack.tail());
    throw error;
  } finally {
    jobs.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function control(baseUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

/** The scheduled jobs an entry's outcome needs, run in the stack process every few seconds (not every minute). */
function driveJobs(stack: BenchStack): { stop(): void; done: Promise<void> } {
  let running = true;
  const done = (async () => {
    for (let tick = 0; running; tick += 1) {
      await Promise.all([
        stack.runJob('reconcile-payments'),
        stack.runJob('retry-sms'),
        ...(tick % 3 === 0 ? [stack.runJob('recheck-unpaid'), stack.runJob('reconcile-payouts')] : []),
      ]);
      await new Promise((r) => setTimeout(r, 4_000));
    }
  })();
  return { stop: () => void (running = false), done };
}

/**
 * Waits until every entry has its outcome and its SMS, and every late
 * approval has had time to come (or 8 minutes after the last entry);
 * answers the table as last scanned (while the stack runs).
 */
async function settled(stack: BenchStack, dataDir: string, lastSentAt: number): Promise<TableState> {
  const earliest = lastSentAt + BENCH_WAITS.MOMO_SIM_LATE_APPROVE_MS + BENCH_WAITS.UNPAID_RECHECK_MS;
  const deadline = lastSentAt + 8 * 60_000;
  for (;;) {
    const table = await readTable(stack.urls.dynamoEndpoint, stack.urls.tableName);
    const now = account(table, readSimulators(dataDir));
    const owed = table.sms.filter((s) => s.state === 'pending').length;
    const refundsOpen = table.payouts.filter((p) => p.kind === 'refund' && p.status === 'pending').length;
    const quiet = now.pending === 0 && owed === 0 && refundsOpen === 0;
    if (
      (quiet && now.neither.length === 0 && now.untold.length === 0 && Date.now() > earliest) ||
      Date.now() > deadline
    )
      return table;
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

const count = (sent: Sent[], keep: (s: Sent) => boolean) => sent.filter(keep).length;

function results(
  a: Accounts,
  sent: Sent[],
  times: { restartMs: number; sendingMs: number; elapsedMs: number; crashAtMs: number },
): BenchResult[] {
  const accepted = sent.filter((s) => s.accepted);
  const names = [...new Set(sent.map((s) => s.misbehaviour))];
  const mix: BenchResult[] = names.map((name) => {
    const of = sent.filter((s) => s.misbehaviour === name);
    const by = (n: string, c: string) => count(of, (s) => s.network === n && s.channel === c);
    return {
      name: `mix: ${name} (MTN web/USSD ${by('mtn', 'web')}/${by('mtn', 'ussd')}, Orange ${by('orange', 'web')}/${by('orange', 'ussd')})`,
      value: of.length,
      unit: 'entries',
    };
  });
  return [
    ...mix,
    {
      name: `entries sent (MTN ${count(sent, (s) => s.network === 'mtn')}, Orange ${count(sent, (s) => s.network === 'orange')}; web ${count(sent, (s) => s.channel === 'web')}, USSD ${count(sent, (s) => s.channel === 'ussd')})`,
      value: sent.length,
      unit: 'entries',
      bar: '≥ 500',
      pass: sent.length >= 500,
    },
    { name: 'entries taken (web 202, USSD END "approve")', value: accepted.length, unit: 'entries' },
    {
      name: `kill -9 of the stack after ${round(times.crashAtMs / 1000, 0)} s; restart on the same data took`,
      value: round(times.restartMs / 1000, 1),
      unit: 's',
    },
    ...Object.entries(a.byOutcome)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([outcome, n]) => ({ name: `entries ${outcome}`, value: n, unit: 'entries' })),
    { name: "debits taken (the simulators' records)", value: a.debits, unit: 'debits' },
    { name: 'tickets (paid entries in the table)', value: a.tickets, unit: 'tickets' },
    {
      name: `refunds (refund payouts; ${a.refundsPaid} paid back at the simulator)`,
      value: a.refunds,
      unit: 'refunds',
    },
    {
      name: 'debits with neither ticket nor refund',
      value: a.neither.length,
      unit: 'debits',
      bar: '0',
      pass: a.neither.length === 0,
    },
    {
      name: 'players with no final SMS (accepted by the gateway)',
      value: a.untold.length,
      unit: 'players',
      bar: '0',
      pass: a.untold.length === 0,
    },
    { name: 'entries still pending at the end', value: a.pending, unit: 'entries', bar: '0', pass: a.pending === 0 },
    {
      name: `longest time from debit to outcome (ticket or refund)${a.longestEntry ? `: ${misbehaviourOf(sent, a.longestEntry.msisdn)}` : ''}`,
      value: round(a.longestMs / 1000, 1),
      unit: 's',
    },
    ...unprompted(a, sent),
    {
      name: `run: sending ${round(times.sendingMs / 1000, 0)} s, until every outcome`,
      value: round(times.elapsedMs / 1000, 0),
      unit: 's',
    },
  ];
}

/** Entries that failed (expired) with no payment request at the provider, by misbehaviour: no debit, but no prompt either. */
function unprompted(a: Accounts, sent: Sent[]): BenchResult[] {
  const by = new Map<string, number>();
  for (const e of a.unprompted)
    by.set(misbehaviourOf(sent, e.msisdn), (by.get(misbehaviourOf(sent, e.msisdn)) ?? 0) + 1);
  return [
    {
      name: 'entries failed with no request ever taken by the provider (never prompted)',
      value: a.unprompted.length,
      unit: 'entries',
    },
    ...[...by].map(([name, n]) => ({ name: `  never prompted: ${name}`, value: n, unit: 'entries' })),
  ];
}

/** Which misbehaviour a number was sent under (by its number: a test ending, or a wave's fresh number). */
function misbehaviourOf(sent: Sent[], msisdn: string): string {
  return sent.find((s) => s.msisdn === msisdn)?.misbehaviour ?? 'unknown';
}

/** A missed goal, precisely: which misbehaviour, which entry state. */
function reportDefects(a: Accounts, sent: Sent[]): void {
  const describe = (e: Record<string, any>) =>
    `${misbehaviourOf(sent, e.msisdn)}: entry ${e.id} ${e.channel} ${e.msisdn} ${e.status}${e.reason ? ` ${e.reason}` : ''}` +
    `${e.lateSuccessAt ? ` late success ${e.lateSuccessAt}` : ''} created ${e.createdAt}`;
  for (const { reference, entry } of a.neither)
    console.log(
      `  debit with neither ticket nor refund: ${entry ? describe(entry) : `reference ${reference} matches no entry`}`,
    );
  for (const entry of a.untold) console.log(`  no final SMS: ${describe(entry)}`);
  // a prompt never taken: when it went out, how often it was sent again, when it failed
  for (const e of a.unprompted)
    console.log(
      `  never prompted: ${describe(e)} prompt ${e.promptSentAt ?? 'never claimed'}, resent ${e.promptResends ?? 0}` +
        `${e.promptResentAt ? ` (last ${e.promptResentAt})` : ''}, failed ${e.failedAt}`,
    );
}
