import { describe, expect, it } from 'vitest';
import { allRoutes, deployedRoutes, pathOf, routes } from '@shared/api/routes';
import { rateToMillis, schedules } from '@shared/schedules';
import { matchRoute } from '../../infra/local/http-event';
import { authorize, needsCsrfHeader } from '../../functions/platform/guard';
import { LOCAL_ONLY, PUBLIC, WEBHOOK } from '@shared/api/access';

describe('routing table helpers', () => {
  it('builds paths with encoded parameters', () => {
    expect(pathOf(routes.logout, { id: 'a/b' })).toBe('/api/v1/a%2Fb/logout');
    expect(() => pathOf(routes.logout)).toThrow(/missing path parameter id/);
  });

  it('matches like API Gateway: static segments beat parameters, methods must agree', () => {
    expect(matchRoute(allRoutes, 'GET', '/api/v1/auth/me')?.spec).toBe(routes.me);
    expect(matchRoute(allRoutes, 'POST', '/api/v1/u-1/logout')).toEqual({ spec: routes.logout, params: { id: 'u-1' } });
    expect(matchRoute(allRoutes, 'GET', '/api/v1/u-1/logout')).toBeUndefined();
    expect(matchRoute(allRoutes, 'POST', '/api/v1//logout')).toBeUndefined();
  });

  it('never deploys local-only routes', () => {
    expect(deployedRoutes().some(([name]) => name === 'devSmsOutbox')).toBe(false);
  });

  it('reads schedule rates', () => {
    expect(rateToMillis('rate(1 minute)')).toBe(60_000);
    expect(rateToMillis('rate(2 hours)')).toBe(7_200_000);
    expect(() => rateToMillis('cron(0 21 * * ? *)')).toThrow();
    for (const schedule of schedules) expect(rateToMillis(schedule.expression)).toBeGreaterThan(0);
  });
});

describe('guard', () => {
  it('hides local-only routes off the local stack', () => {
    const saved = process.env.LOCAL_STACK;
    delete process.env.LOCAL_STACK;
    expect(() => authorize(LOCAL_ONLY, undefined, {})).toThrow(expect.objectContaining({ status: 404 }));
    process.env.LOCAL_STACK = '1';
    expect(() => authorize(LOCAL_ONLY, undefined, {})).not.toThrow();
    if (saved === undefined) delete process.env.LOCAL_STACK;
    else process.env.LOCAL_STACK = saved;
  });

  it('asks for the CSRF header on writes, except from providers', () => {
    expect(needsCsrfHeader(PUBLIC, 'POST')).toBe(true);
    expect(needsCsrfHeader(PUBLIC, 'GET')).toBe(false);
    expect(needsCsrfHeader(WEBHOOK, 'PUT')).toBe(false);
  });
});
