import { messages } from '@shared/messages';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { createPromotion, deletePromotion, listPromotions, updatePromotion } from './store/promotions';
import { actorOf } from '../audit';
import { promotionView } from './catalog-views';

/** Promotions: the price to enter, per currency. */
export function registerPromotionRoutes(app: HttpApp<'admin'>): void {
  app.on('listPromotions', async () => ({ promotions: (await listPromotions()).map(promotionView) }));

  app.on('createPromotion', async (request) => {
    const input = request.body;
    const promotion = await createPromotion(
      {
        title: input.promotion_title,
        priceLrdCents: input.promotion_prize_lrd,
        priceUsdCents: input.promotion_prize_usd,
      },
      actorOf(request),
      request.now,
    );
    return created({ message: messages.promotion.created, Promotion: promotionView(promotion) });
  });

  app.on('updatePromotion', async (request) => {
    const input = request.body;
    const promotion = await updatePromotion(
      input.id,
      {
        title: input.promotion_title,
        priceLrdCents: input.promotion_prize_lrd,
        priceUsdCents: input.promotion_prize_usd,
      },
      actorOf(request),
      request.now,
    );
    return { message: 'Promotion updated successfully.', Promotion: promotionView(promotion) };
  });

  app.on('deletePromotion', async (request) => {
    await deletePromotion(request.body.id, actorOf(request), request.now);
    return { message: 'Promotion deleted successfully.' };
  });
}
