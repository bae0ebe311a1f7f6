import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the import graph cannot show, checked on every run (STYLE.md): refusals
 * carry texts from shared/messages.ts, and shared/ and web/src/ are named by
 * their aliases. The module boundaries themselves (DESIGN section 3: platform,
 * integrations, modules, store folders, web features, no circles) are
 * dependency-cruiser's rules (`npm run deps`), and unused files, exports and
 * dependencies are knip's (`npm run knip`), both in `npm test`.
 */
const ROOT = join(import.meta.dirname, '..', '..');

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

describe('refusals', () => {
  const functions = sourcesUnder('functions');
  const REFUSAL_CALL =
    /(?:\b(?:badRequest|notFound|conflict|forbidden|unauthorized|tooManyRequests|refuseInvalid|refuseMissing|refuseConflict|refuseNotAllowed)\(|\bnew Refusal\(\s*['"][a-z-]+['"],)\s*(['"`])/g;

  it('carry texts from shared/messages.ts, never a literal written at the call', () => {
    const offenders = functions.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(REFUSAL_CALL)].map((match) => `${file}: ${match[0]}`),
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
