import { messages } from '@shared/messages';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { actorOf } from '../audit';
import { fileTaxAnalytics, listTaxFilings, taxFilingEntity } from './store/tax-filings';

/** Tax analytics filings (spec sections 2, 5, 7; DESIGN section 4 "Tax"). Endpoints: shared/api/endpoints/admin-predictions.ts. */
export function registerTaxAnalyticsRoutes(app: HttpApp<'admin'>): void {
  app.on('createTaxAnalytics', async (request) => {
    const figures = request.body;
    const filing = await fileTaxAnalytics(
      {
        currentBonusGiveawayCents: figures.currentBonusGiveaway,
        totalYDGiveawayCents: figures.totalYDGiveaway,
        currentPaymentToGovtCents: figures.currentPaymentToGovt,
        yDOfThe20PercentCents: figures.yDOfThe20Percent,
      },
      actorOf(request),
      request.now,
    );
    return created({ message: messages.taxAnalytics.submitted, TaxAnalytics: taxFilingEntity(filing) });
  });

  app.on('listTaxAnalytics', async () => ({ TaxAnalytics: (await listTaxFilings()).map(taxFilingEntity) }));
}
