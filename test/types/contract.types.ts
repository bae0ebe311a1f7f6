/**
 * The typed contract, checked by the compiler (`npm run typecheck` runs in
 * `npm test`): each `@ts-expect-error` below must be an error, so a contract
 * that stopped catching a wrong route, body or answer fails the type-check.
 * Nothing here runs.
 */
import * as z from 'zod';
import { PUBLIC } from '@shared/api/access';
import { adminCatalogEndpoints } from '@shared/api/endpoints/admin-catalog';
import { route, withAnswers } from '@shared/api/route-spec';
import { adminCatalogRoutes } from '@shared/api/routes/admin-catalog';
import type { HttpApp } from '../../functions/platform/http-app';
import { callRoute } from '@web/lib/api-routes';

export function serverSide(app: HttpApp<'admin'>): void {
  // @ts-expect-error a route of another domain's Lambda
  app.on('adminLogin', () => ({}));
  // @ts-expect-error not a route at all
  app.on('deletePromotions', () => ({ message: 'x' }));
  // @ts-expect-error an answer outside the route's response schema
  app.on('deletePromotion', () => ({ text: 'deleted' }));
  app.on('deletePromotion', (request) => {
    // the body arrives parsed, typed by the route's body schema
    const id: string = request.body.id;
    // @ts-expect-error a field the body schema does not have
    void request.body.title;
    return { message: id };
  });
}

export function endpointsAndAnswers(): void {
  // @ts-expect-error an endpoint names no answer: routes/<area>.ts adds it, so Lambdas bundle no answer schemas
  route('GET', '/api/v1/x', 'public', PUBLIC, { response: z.string() });
  // @ts-expect-error an answer for a route the endpoints do not have
  withAnswers(adminCatalogEndpoints, { listPromotion: z.string() });
}

export async function webSide(): Promise<void> {
  const routes = adminCatalogRoutes;
  // @ts-expect-error a path parameter the route does not have
  await callRoute(routes.listPromotions, { user: 'a' });
  // @ts-expect-error a body the route does not take
  await callRoute(routes.deletePromotion, { id: 'a' }, { body: { promotion: 'p' } });
  // @ts-expect-error a route that reads a body cannot be called without one
  await callRoute(routes.deletePromotion, { id: 'a' });
  const { promotions } = await callRoute(routes.listPromotions, { id: 'a' });
  // the answer is typed by the response schema
  const title: string | undefined = promotions[0]?.promotion_title;
  // @ts-expect-error a field the answer does not have
  void promotions[0]?.prize;
  void title;
}
