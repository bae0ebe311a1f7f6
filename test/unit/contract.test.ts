import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '@shared/api/routes';

/**
 * The routing table is the typed contract (README "Developing: where things
 * go"): every route names the schema of its answer, handlers get their body
 * parsed by the route's schema, and the web never states an answer's type by
 * hand. The compiler checks the types (test/types/contract.types.ts); this
 * checks that nothing goes around them.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
const textOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const matching = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(textOf(file)));

describe('the routing table as the typed contract', () => {
  it('every deployed route names the schema of its answer', () => {
    const unnamed = allRoutes
      .filter(([, spec]) => spec.access.kind !== 'local' && spec.response === undefined)
      .map(([name]) => name);
    expect(unnamed).toEqual([]);
  });

  it('no handler parses a JSON body itself: the route names its body schema', () => {
    const offenders = matching(sourcesUnder('functions'), /\brequest\.json\(\)|JSON\.parse\(\s*request\.text/);
    expect(offenders).toEqual([]);
  });

  it('the web states no answer by hand: every call is typed by its route in the table', () => {
    const clients = ['web/src/lib/api-client.ts', 'web/src/lib/api-routes.ts'];
    const web = sourcesUnder('web/src').filter((file) => !clients.includes(file));
    // the public pages' zod-free calls (home page budget) take their answer's type from the table, type-only
    const typedByHand = web.filter((file) => {
      const text = textOf(file);
      const typedCall = /\b(?:apiGet|apiPost|apiRequest)\s*</.test(text);
      const fromTable =
        /import type \{[^}]+\} from '@shared\/api\/routes\/[\w-]+'/.test(text) && /ResponseOut</.test(text);
      return typedCall && !fromTable;
    });
    expect(typedByHand).toEqual([]);
  });

  it('the web imports each route from its area file, so a page ships only its own routes and schemas', () => {
    expect(matching(sourcesUnder('web/src'), /from '@shared\/api\/routes'/)).toEqual([]);
  });
});
