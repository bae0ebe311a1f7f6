import { TAX_ANALYTICS_FIELDS, taxAnalyticsRequest } from '@shared/api/schemas/tax';
import { messages } from '@shared/messages';
import { created, type HttpApp } from '../lib/http-app';
import { actorOf } from './actor';
import { requireFields, validate } from '../lib/validate';
import { fileTaxAnalytics, listTaxFilings, taxFilingEntity } from '../store/tax-filings';

/** Tax analytics filings (spec sections 2, 5, 7; DESIGN section 4 "Tax"). Routes: shared/api/routes/admin-predictions.ts. */
export function register(app: HttpApp): void {
  app.on('createTaxAnalytics', async (request) => {
    // any missing figure: the spec's one message (spec section 5); then each figure's own rule
    const input = requireFields(request.json(), TAX_ANALYTICS_FIELDS, messages.validation.allFieldsRequired);
    const figures = validate(taxAnalyticsRequest, input);
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
