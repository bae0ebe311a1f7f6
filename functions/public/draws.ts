import type { PublicDrawRecord, PublicWinnersAnswer } from '../../shared/api/schemas/draws';
import { formatMoney } from '../../shared/money';
import { publicDrawView, publicWinnerRow } from '../draws/public-views';
import { winnerTotals } from '../draws/winner-totals';
import { notFound } from '../lib/errors';
import type { HttpApp } from '../lib/http-app';
import { getDraw, recentDraws } from '../store/draws';

const DRAW_ID = /^[A-Za-z0-9-]{1,100}$/;
/** Recent winners on the public page. */
const PUBLIC_WINNERS = 50;

/** A draw's public record and the public winners list (issue 6 items 4 and 5). */
export function register(app: HttpApp): void {
  app.on('publicDraw', async (request): Promise<PublicDrawRecord> => {
    const id = request.params.draw_id ?? '';
    const record = DRAW_ID.test(id) ? await getDraw(id) : undefined;
    if (!record) throw notFound('No such draw.');
    return publicDrawView(record);
  });

  app.on('publicWinners', async (request): Promise<PublicWinnersAnswer> => {
    const [draws, totals] = await Promise.all([recentDraws(PUBLIC_WINNERS, { winnersOnly: true }), winnerTotals(request.now)]);
    return {
      Winners: draws.map(publicWinnerRow),
      TotalWinners: totals.winners,
      TotalPaidLRD: formatMoney(totals.prizesLrdCents),
    };
  });
}
