import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes, HTTP_DOMAINS } from '@shared/api/routes';
import { handlerEntry } from '../../infra/local/lambda-registry';

/** Every route in the table is implemented by its domain's handler, and no handler serves a route the table lacks. */
describe('routing table ↔ handlers', () => {
  const domainsWithRoutes = [...new Set(allRoutes.map(([, spec]) => spec.domain))];

  it('names only known domains', () => {
    for (const domain of domainsWithRoutes) expect(HTTP_DOMAINS).toContain(domain);
  });

  for (const domain of domainsWithRoutes) {
    it(`functions/lambdas/${domain}.ts implements exactly the ${domain} routes`, async () => {
      expect(existsSync(handlerEntry(domain))).toBe(true);
      const module = (await import(`../../functions/lambdas/${domain}.ts`)) as { implementedRoutes: () => Set<string> };
      const expected = allRoutes
        .filter(([, spec]) => spec.domain === domain)
        .map(([name]) => name)
        .sort();
      expect([...module.implementedRoutes()].sort()).toEqual(expected);
    });
  }

  it('has no two routes with the same method and path', () => {
    const seen = new Set<string>();
    for (const [, spec] of allRoutes) {
      const key = `${spec.method} ${spec.path.replace(/:[A-Za-z_]\w*/g, ':')}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('keeps every path under /api/v1', () => {
    for (const [, spec] of allRoutes) expect(spec.path.startsWith('/api/v1/')).toBe(true);
  });
});
