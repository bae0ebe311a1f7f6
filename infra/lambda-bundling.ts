import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { LAMBDAS, lambdaEntryFile, type LambdaName } from '../functions/lambdas/manifest';
import { ESBUILD_TARGET } from './node-runtime';

/**
 * How every Lambda is bundled, declared once (DESIGN section 9: "each Lambda
 * bundle, built as the CDK stack builds it"). The CDK stacks read
 * `nodejsBundling` (NodejsFunction runs the esbuild CLI), `bundle-functions.ts`
 * and the bundle benchmark read `esbuildOptions` (esbuild's JS API); both are
 * derived from `BUNDLE` below, and test/infra proves the outputs are identical.
 */

/** The repository root: NodejsFunction's projectRoot and esbuild's working directory. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const depsLockFile = join(projectRoot, 'package-lock.json');

export type FunctionName = LambdaName;

export interface FunctionEntry {
  /** The Lambda's name in the manifest (functions/lambdas/manifest.ts), also the Powertools service name. */
  readonly name: FunctionName;
  /** Absolute path of the handler module (exports `handler`). */
  readonly entry: string;
}

/** THE entry list: the Lambdas of the manifest (functions/lambdas/manifest.ts). */
export function functionEntries(): FunctionEntry[] {
  return LAMBDAS.map((name) => ({ name, entry: join(projectRoot, lambdaEntryFile(name)) }));
}

export function functionEntry(name: FunctionName): FunctionEntry {
  const found = functionEntries().find((e) => e.name === name);
  if (!found) throw new Error(`no Lambda entry named ${name}`);
  return found;
}

/**
 * ESM output still meets CommonJS dependencies that call `require` for Node
 * built-ins; give them a real one (the usual createRequire banner).
 */
export const REQUIRE_BANNER =
  "import{createRequire as __bundleCreateRequire}from'node:module';const require=__bundleCreateRequire(import.meta.url);";

/**
 * Modules the bundles take from elsewhere (esbuild `alias`; paths are relative
 * to the project root, the working directory of both builds). The SDK's
 * default credential chain becomes the one link that answers in Lambda, the
 * environment: functions/platform/lambda-credentials.ts says why (~130 KB a bundle).
 */
const ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/platform/lambda-credentials.ts',
};

const BUNDLE = {
  target: ESBUILD_TARGET,
  minify: true,
  sourceMap: true,
  /** Stack traces only need the mappings; sources would triple the .map for nothing. */
  sourcesContent: false,
  /** Prefer packages' ESM builds (the AWS SDK's dist-es): smaller, tree-shaken bundles. */
  mainFields: ['module', 'main'],
  /** Nothing external: the AWS SDK is bundled at the version the lock file pins. */
  externals: [] as string[],
  alias: ALIASES,
  banner: REQUIRE_BANNER,
} as const;

/** Options for every NodejsFunction (local esbuild, never Docker). */
export const nodejsBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: BUNDLE.target,
  minify: BUNDLE.minify,
  sourceMap: BUNDLE.sourceMap,
  sourcesContent: BUNDLE.sourcesContent,
  mainFields: [...BUNDLE.mainFields],
  externalModules: [...BUNDLE.externals],
  bundleAwsSDK: true,
  banner: BUNDLE.banner,
  // NodejsFunction has no alias option; it passes these through as `--alias:from=to`
  esbuildArgs: { '--alias': Object.entries(BUNDLE.alias).map(([from, to]) => `${from}=${to}`) },
  logLevel: LogLevel.WARNING,
  forceDockerBundling: false,
};

/** Every function's NODE_OPTIONS: stack traces through the bundle's source map (the load bench starts Node with it too). */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/** NodejsFunction names its ESM output index.mjs. */
export const BUNDLE_FILE = 'index.mjs';

/** DESIGN section 9: each bundle is at most this many KB minified (test/infra checks it; the bench measures load time too). */
export const MAX_BUNDLE_KB = 500;

/**
 * The same build for esbuild's JS API: what NodejsFunction passes to the
 * esbuild CLI (`--bundle <entry> --target --platform=node --format=esm
 * --outfile --minify --sourcemap --sources-content=false --main-fields
 * --banner:js --alias`), run from the project root with the entry given relative to it.
 */
export function esbuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    absWorkingDir: projectRoot,
    entryPoints: [relative(projectRoot, entry)],
    bundle: true,
    platform: 'node',
    target: BUNDLE.target,
    format: 'esm',
    outfile: join(outdir, BUNDLE_FILE),
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourceMap,
    sourcesContent: BUNDLE.sourcesContent,
    mainFields: [...BUNDLE.mainFields],
    external: [...BUNDLE.externals],
    alias: { ...BUNDLE.alias },
    banner: { js: BUNDLE.banner },
    logLevel: 'warning',
  };
}
