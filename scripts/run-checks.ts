import { spawn } from 'node:child_process';

/**
 * Runs the named npm scripts side by side and fails if any fails: the
 * checks before the tests (lint, typecheck, deps, knip, the web build) are
 * each mostly single-threaded, so run one after another they left a core of
 * the 2-core CI machine idle for most of a minute. Each script's output is
 * printed whole when it ends, so the log reads as if they had run in turn.
 *
 *   tsx scripts/run-checks.ts lint typecheck deps knip build:web
 */
interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (code: number) =>
      resolve({ script, code, output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', (code) => end(code ?? 1));
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run-checks <npm script>...');
  process.exit(2);
}
const outcomes = await Promise.all(
  scripts.map((script) =>
    run(script).then((outcome) => {
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
      process.stdout.write(`\n> ${script}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${outcome.output}`);
      return outcome;
    }),
  ),
);
const failed = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.script);
if (failed.length > 0) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exit(1);
}
