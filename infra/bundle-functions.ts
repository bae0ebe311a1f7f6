import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_FILE, esbuildOptions, functionEntries, projectRoot, type FunctionName } from './lambda-bundling';

/**
 * `npm run build:functions`: builds every Lambda exactly as the CDK stacks'
 * NodejsFunction does (same entries, same esbuild options) into
 * `.build/functions/<name>/index.mjs`. The bundle benchmark calls
 * `bundleFunctions` directly.
 */

const DEFAULT_OUT_ROOT = join(projectRoot, '.build', 'functions');

export interface BuiltBundle {
  readonly name: FunctionName;
  /** Absolute path of the minified ESM bundle. */
  readonly file: string;
  readonly bytes: number;
}

export async function bundleFunctions(
  outRoot: string = DEFAULT_OUT_ROOT,
  only?: readonly FunctionName[],
): Promise<BuiltBundle[]> {
  const entries = functionEntries().filter((e) => !only || only.includes(e.name));
  const missing = entries.filter((e) => !existsSync(e.entry)).map((e) => e.entry);
  if (missing.length > 0) throw new Error(`Lambda entries not found: ${missing.join(', ')}`);
  return Promise.all(
    entries.map(async ({ name, entry }) => {
      const outdir = join(outRoot, name);
      rmSync(outdir, { recursive: true, force: true });
      await build(esbuildOptions(entry, outdir));
      const file = join(outdir, BUNDLE_FILE);
      return { name, file, bytes: statSync(file).size };
    }),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const bundles = await bundleFunctions();
  for (const b of bundles) {
    console.log(`${b.name.padEnd(10)} ${(b.bytes / 1024).toFixed(1).padStart(8)} KB  ${b.file}`);
  }
  console.log(`built ${bundles.length} functions in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
