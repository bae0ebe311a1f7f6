import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazySchema } from '@shared/api/schemas/lazy-schema';

/**
 * DESIGN section 9's 100 ms load: the contract's schemas are built on first
 * use (shared/api/schemas/lazy-schema.ts), never at module load, and a lazy
 * schema is the schema to every reader, zod included.
 */
describe('a lazy schema', () => {
  it('is built on its first use, once', () => {
    let builds = 0;
    const body = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().trim().min(1, 'Required') });
    });
    expect(builds).toBe(0);
    expect(body.safeParse({ name: ' Ann ' })).toEqual({ success: true, data: { name: 'Ann' } });
    expect(body.safeParse({ name: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('composes as zod schemas do: nested, extended, optional, piped, and an instance of its class', () => {
    const code = lazySchema(() =>
      z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^\d{3}$/, 'Three digits')),
    );
    const base = lazySchema(() => z.object({ code }));
    const extended = lazySchema(() => base.extend({ note: z.string().optional() }));
    const wrapper = z.object({ inner: base.optional(), codes: z.array(code) });

    expect(code).toBeInstanceOf(z.ZodPipe);
    expect(base).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(base.shape)).toEqual(['code']);
    expect(extended.parse({ code: 123, note: 'x' })).toEqual({ code: '123', note: 'x' });
    expect(
      wrapper.parse({ inner: { code: '042' }, codes: [7, '100'].map(String).map((c) => c.padStart(3, '0')) }),
    ).toEqual({ inner: { code: '042' }, codes: ['007', '100'] });
    const refused = extended.safeParse({ code: 'abc' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual(['Three digits']);
  });
});

describe('the schema modules', () => {
  const dir = join(import.meta.dirname, '..', '..', 'shared', 'api', 'schemas');
  // a top-level declaration whose value is built by zod (z.…, or a schema's .extend/.pick/… ) outside lazySchema
  const EAGER =
    /^(?:export )?const \w+(?:: [^=]+)? =\s*(?!lazySchema\()(?:z\b|\w+\s*\.(?:extend|pick|omit|partial|and|or|optional|nullable|array|refine|transform|pipe)\()/m;

  it('build no schema when they are imported (each one is lazy)', () => {
    const eager = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && EAGER.test(readFileSync(join(dir, file), 'utf8')))
      .sort();
    expect(eager).toEqual([]);
  });

  it('mark each lazySchema call pure, so a bundle that imports one constant of a module leaves its schemas and zod out', () => {
    const unmarked = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'lazy-schema.ts')
      .flatMap((file) =>
        readFileSync(join(dir, file), 'utf8')
          .split('\n')
          .map((line, i) => [`${file}:${i + 1}`, line] as const)
          .filter(([, line]) => /\blazySchema\(/.test(line) && !line.includes('/* @__PURE__ */ lazySchema(')),
      )
      .map(([where]) => where);
    expect(unmarked).toEqual([]);
  });
});
