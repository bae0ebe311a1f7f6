import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from '../infra/local/free-port';
import { processesUsing } from '../test/support/processes';
import { type StackProcessAddresses, startStackProcess } from '../test/support/stack-process-start';

/**
 * The outcomes bench's own local stack (bench/outcomes.ts): a process of its
 * own (test/support/stack-process.ts, as the kill -9 tests use), on a data
 * directory that outlives it, so it can be killed outright and started again
 * on the same table, stream checkpoints and simulator files. Its gateway
 * keeps one port across restarts, so the callback URLs stored before a
 * crash still reach it, as they reach one API in AWS.
 */
/** Local-only waits the bench shortens so each misbehaviour ends within the run (README "Configuration"). */
export const BENCH_WAITS = {
  /**
   * The product's payment expiry (15 min in production). Every payment wait is a step of it
   * (functions/modules/entries/payment-times.ts): reconciliation's minute is 6 s here, a resend's
   * backoff 6, 12 and 24 s. Long enough that the jobs, run every few seconds on a loaded machine,
   * still get the several turns at an entry that production's every-minute runs get in 15 minutes.
   */
  PAYMENT_EXPIRY_MS: 90_000,
  /** A 000109 number approves this long after its prompt: after the expiry. */
  MOMO_SIM_LATE_APPROVE_MS: 150_000,
  /** The first recheck of a failed entry (5 min in production). */
  UNPAID_RECHECK_MS: 20_000,
  /** An SMS held for the account is tried again after 50–100 % of this (10 min in production). */
  SMS_HOLD_RETRY_MS: 20_000,
  /** The simulators approve an ordinary prompt after this. */
  MOMO_SIM_APPROVE_MS: 1_000,
} as const;

export class BenchStack {
  private child?: ChildProcess;
  private output = '';
  private readonly waiting = new Map<string, Array<() => void>>();
  urls!: StackProcessAddresses;

  private constructor(
    private readonly dataDir: string,
    private readonly port: number,
  ) {}

  static async start(dataDir: string): Promise<BenchStack> {
    const stack = new BenchStack(dataDir, await freePort());
    await stack.boot();
    return stack;
  }

  /** Starts the stack process on the data directory and waits until it answers. */
  async boot(): Promise<void> {
    this.output = '';
    const { child, ready } = startStackProcess(
      {
        ...Object.fromEntries(Object.entries(BENCH_WAITS).map(([k, v]) => [k, String(v)])),
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        STREAM_INTERVAL_MS: '250',
        // the functions' metric lines go to a file, not into the pipe
        METRICS_LOG_FILE: join(this.dataDir, 'metrics.log'),
      },
      (text) => {
        this.output = (this.output + text).slice(-20_000);
        for (const [, job] of text.matchAll(/^job-done (\S+)/gm)) {
          for (const done of this.waiting.get(job!) ?? []) done();
          this.waiting.delete(job!);
        }
      },
    );
    this.child = child;
    this.urls = await ready;
  }

  /** kill -9: no stop, no saving; waits until its DynamoDB Local (which ends with it) has let go of the data too. */
  async crash(): Promise<void> {
    const child = this.child!;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
    for (const done of [...this.waiting.values()].flat()) done();
    this.waiting.clear();
    const deadline = Date.now() + 30_000;
    while (processesUsing(this.dataDir).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
  }

  /** One run of a scheduled job, in the stack process, as its scheduler runs it; resolves when it is done. */
  runJob(job: string): Promise<void> {
    const child = this.child;
    if (!child?.stdin) return Promise.resolve();
    return new Promise((done) => {
      this.waiting.set(job, [...(this.waiting.get(job) ?? []), done]);
      child.stdin!.write(`job ${job}\n`);
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) await this.crash();
    this.child = undefined;
  }

  /** The last of the stack's output (for an error report). */
  tail(): string {
    return this.output.slice(-3000);
  }
}
