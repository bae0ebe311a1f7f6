import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, type BuiltBundle } from '../infra/bundle-functions';
import { LAMBDA_NODE_OPTIONS, MAX_BUNDLE_KB } from '../infra/lambda-bundling';
import type { BenchResult } from './result';

/**
 * DESIGN section 9: "Each Lambda bundle, built as the CDK stack builds it, is
 * at most 500 KB minified and loads in Node in at most 100 ms here (a
 * cold-start proxy)". Builds every bundle with infra/bundle-functions.ts (the
 * NodejsFunction options) and imports each in a fresh Node process.
 */
const MAX_LOAD_MS = 100;
const LOAD_RUNS = 5;

export async function benchBundles(): Promise<BenchResult[]> {
  const bundles = await bundleFunctions();
  const rows = bundles.map((bundle) => {
    const load = medianLoad(bundle);
    return { bundle, kb: bundle.bytes / 1024, loadMs: load.wallMs, cpuMs: load.cpuMs };
  });

  console.log(formatTable(rows));

  return rows.flatMap(({ bundle, kb, loadMs }) => [
    {
      name: `bundle size: ${bundle.name}`,
      value: round(kb),
      unit: 'KB',
      bar: `≤ ${MAX_BUNDLE_KB} KB`,
      pass: kb <= MAX_BUNDLE_KB,
    },
    {
      name: `bundle load: ${bundle.name}`,
      value: round(loadMs),
      unit: 'ms',
      bar: `≤ ${MAX_LOAD_MS} ms`,
      pass: loadMs <= MAX_LOAD_MS,
    },
  ]);
}

/**
 * Time to import the bundle in a fresh process with the Lambda's NODE_OPTIONS (module evaluation, no
 * invocation): the median of 5 by the wall clock (the bar), and the CPU time of that import, which another
 * process's load on this machine blurs less.
 */
function medianLoad(bundle: BuiltBundle): { wallMs: number; cpuMs: number } {
  const url = pathToFileURL(bundle.file).href;
  const script =
    `const c=process.cpuUsage(), t=performance.now(); await import(${JSON.stringify(url)}); ` +
    'const u=process.cpuUsage(c); console.log(performance.now()-t, (u.user+u.system)/1000)';
  const samples = Array.from({ length: LOAD_RUNS }, () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      // Only what a cold Lambda would have: its NODE_OPTIONS (the source map read as the bundle loads), no local-stack settings.
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: LAMBDA_NODE_OPTIONS },
    });
    const [wallMs, cpuMs] = (out.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    if (!Number.isFinite(wallMs) || !Number.isFinite(cpuMs))
      throw new Error(`could not read the load time of ${bundle.name}: ${out}`);
    return { wallMs: wallMs!, cpuMs: cpuMs! };
  });
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { wallMs: median(samples.map((s) => s.wallMs)), cpuMs: median(samples.map((s) => s.cpuMs)) };
}

function formatTable(rows: Array<{ bundle: BuiltBundle; kb: number; loadMs: number; cpuMs: number }>): string {
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
  const header = [
    'function',
    'bytes',
    'KB',
    `≤ ${MAX_BUNDLE_KB} KB`,
    `load ms (median of ${LOAD_RUNS})`,
    `≤ ${MAX_LOAD_MS} ms`,
    'CPU ms',
  ];
  const lines = rows.map(({ bundle, kb, loadMs, cpuMs }) => [
    bundle.name,
    String(bundle.bytes),
    kb.toFixed(1),
    mark(kb <= MAX_BUNDLE_KB),
    loadMs.toFixed(1),
    mark(loadMs <= MAX_LOAD_MS),
    cpuMs.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    'Lambda bundles (minified ESM, built as NodejsFunction builds them)',
    render(header),
    ...lines.map(render),
  ].join('\n');
}

const round = (n: number): number => Math.round(n * 10) / 10;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchBundles()
    .then((results) => {
      if (results.some((r) => r.pass === false)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
