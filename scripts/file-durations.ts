import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run test:durations`: after a full `npm test`, copy each test file's
 * duration from vitest's own cache (node_modules/.vite/vitest) into
 * test/support/file-durations.json, the order test/support/longest-first.ts
 * runs the files in on a machine without that cache (CI's fresh clone).
 * Whole seconds: the order needs no more, and the file then changes only
 * when a file's time does.
 */
const cacheDir = join('node_modules', '.vite', 'vitest');
const [hashDir] = readdirSync(cacheDir);
if (!hashDir) throw new Error(`no vitest cache in ${cacheDir}: run npm test first`);
const { results } = JSON.parse(readFileSync(join(cacheDir, hashDir, 'results.json'), 'utf8')) as {
  results: Array<[string, { duration?: number }]>;
};
const durations = Object.fromEntries(
  results
    .filter(([, result]) => typeof result.duration === 'number')
    .map(([file, result]) => [file, Math.round(result.duration! / 1000)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(join('test', 'support', 'file-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files' durations written to test/support/file-durations.json`);
