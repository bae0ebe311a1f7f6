import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESBUILD_TARGET, LAMBDA_RUNTIME, NODE_MAJOR } from '../../infra/node-runtime';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const majorOf = (version: string) => Number(/(\d+)\./.exec(version)?.[1]);

describe('one Node.js everywhere (DESIGN section 2)', () => {
  it('runs the npm scripts under the major version Lambda runs', () => {
    expect(majorOf(process.versions.node)).toBe(NODE_MAJOR);
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${NODE_MAJOR}.x`);
    expect(ESBUILD_TARGET).toBe(`node${NODE_MAJOR}`);
  });

  it('brings that Node.js through npm, pinned, with its install script allowed', () => {
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^${NODE_MAJOR}\\.\\d+\\.\\d+$`));
    expect(pkg.allowScripts.node).toBe(true);
    expect(pkg.engines.node).toBe(`>=${NODE_MAJOR} <${NODE_MAJOR + 1}`);
  });
});
