import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code's layers, checked on every run (STYLE.md; README "Developing:
 * where things go"): DynamoDB is reached only through functions/store/ and
 * functions/lib/dynamo.ts, so every read and write has a named operation;
 * and a web feature never imports another feature's internals (DESIGN
 * section 3): only its `index.ts`, or the `screens.ts` the admin portal's
 * registry lists; pages that combine features are composed in web/src/app/.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const DYNAMODB_SDK = /^@aws-sdk\/(client-dynamodb|lib-dynamodb|util-dynamodb)$/;

/** Every TypeScript source file under `dir`, relative to the repository, with `/` separators. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The module specifiers a file imports or re-exports, static or dynamic. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map(
    (match) => match[1]!,
  );
  return [...new Set(found)];
}

/** Where a specifier points, relative to the repository (relative paths and the @shared/@web aliases); packages as they are. */
function resolved(file: string, specifier: string): string {
  if (specifier.startsWith('@shared/')) return `shared/${specifier.slice('@shared/'.length)}`;
  if (specifier.startsWith('@web/')) return `web/src/${specifier.slice('@web/'.length)}`;
  return specifier.startsWith('.')
    ? normalize(join(dirname(file), specifier))
        .split(sep)
        .join('/')
    : specifier;
}

const mayReachDynamoDb = (file: string): boolean =>
  file.startsWith('functions/store/') || file === 'functions/lib/dynamo.ts';

describe('the DynamoDB boundary', () => {
  const product = [...sourcesUnder('functions'), ...sourcesUnder('shared'), ...sourcesUnder('web/src')];

  it('finds the store modules that do reach DynamoDB (the check reads real imports)', () => {
    const reaching = product.filter((file) => importsOf(file).some((spec) => DYNAMODB_SDK.test(spec)));
    expect(reaching).toEqual(
      expect.arrayContaining([
        'functions/lib/dynamo.ts',
        'functions/store/entries.ts',
        'functions/store/stream-records.ts',
      ]),
    );
  });

  it('no module outside functions/store/ and functions/lib/dynamo.ts imports the DynamoDB SDK', () => {
    const offenders = product.flatMap((file) =>
      mayReachDynamoDb(file)
        ? []
        : importsOf(file)
            .filter((spec) => DYNAMODB_SDK.test(spec))
            .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('web features', () => {
  const FEATURES = 'web/src/features/';
  const featureOf = (path: string): string | undefined =>
    path.startsWith(FEATURES) ? path.slice(FEATURES.length).split('/')[0] : undefined;
  const files = sourcesUnder('web/src/features');

  it('are several, each a folder of its own', () => {
    expect(new Set(files.map(featureOf)).size).toBeGreaterThan(3);
  });

  it("never import one another's internals: only a feature's index.ts or screens.ts", () => {
    const entry = (target: string) => [`${FEATURES}${featureOf(target)}`, `${FEATURES}${featureOf(target)}/screens`];
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .map((spec) => resolved(file, spec))
        .filter((target) => featureOf(target) !== undefined && featureOf(target) !== featureOf(file))
        .filter((target) => !entry(target).includes(target.replace(/\/(index)?$/, '')))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('refusals', () => {
  const functions = sourcesUnder('functions');
  const REFUSAL_CALL =
    /\b(?:badRequest|notFound|conflict|forbidden|unauthorized|tooManyRequests|refuseInvalid|refuseMissing|refuseConflict)\(\s*(['"`])/g;

  it('carry texts from shared/messages.ts, never a literal written at the call', () => {
    const offenders = functions.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(REFUSAL_CALL)].map((match) => `${file}: ${match[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('are raised by the stores in the domain’s words, not as HTTP errors', () => {
    const stores = functions.filter((file) => file.startsWith('functions/store/'));
    expect(stores.length).toBeGreaterThan(10);
    const offenders = stores.filter((file) =>
      importsOf(file).some((spec) => resolved(file, spec) === 'functions/lib/errors'),
    );
    expect(offenders).toEqual([]);
  });
});

describe('imports of shared/ and web/src/', () => {
  const everywhere = ['functions', 'shared', 'web/src', 'infra', 'test', 'bench', 'scripts'].flatMap(sourcesUnder);

  it('name shared/ as @shared/… from outside it, and web/src/ as @web/… when they would climb two folders', () => {
    const offenders = everywhere.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => {
          const target = resolved(file, spec);
          return (
            (target.startsWith('shared/') && !file.startsWith('shared/')) ||
            (target.startsWith('web/src/') && spec.startsWith('../../'))
          );
        })
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('find the aliased modules (the check reads real imports)', () => {
    expect(everywhere.some((file) => importsOf(file).includes('@shared/messages'))).toBe(true);
  });
});

describe('exports', () => {
  const PRODUCT = ['functions', 'shared', 'web/src', 'infra'].flatMap(sourcesUnder);
  const EVERYWHERE = [
    ...PRODUCT,
    ...['test', 'bench', 'scripts'].flatMap(sourcesUnder),
    'vitest.config.ts',
    'web/vite.config.ts',
  ];
  const texts = new Map(EVERYWHERE.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
  /** Exported values another module reaches other than by name. */
  const REACHED_OTHERWISE = new Set([
    // infra/lambda-bundling.ts swaps this module in for @aws-sdk/credential-provider-node, whose export it is
    'functions/lib/lambda-credentials.ts defaultProvider',
  ]);

  it('are values some other module uses: an export nothing imports is dead code or belongs to its own file', () => {
    const declared = /^export (?:declare )?(?:async )?(?:const|let|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
    const unused = PRODUCT.flatMap((file) =>
      [...texts.get(file)!.matchAll(declared)]
        .map((match) => match[1]!)
        .filter((name) => {
          const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
          return ![...texts].some(([other, text]) => other !== file && word.test(text));
        })
        .map((name) => `${file} ${name}`)
        .filter((entry) => !REACHED_OTHERWISE.has(entry)),
    );
    expect(unused).toEqual([]);
  });
});
