import type { PublicResult } from '@shared/api/schemas/draws';
import { HOUSE_PARTNER } from '@shared/house-games';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { isDrawId } from '@shared/draw-math';
import { publicClosedDraw, publicDrawView, publicOpenWindow, publicResult, publicWinnerRow } from './public-views';
import { paidToWinners, winnerTotals } from './winner-totals';
import { badRequest, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { listAssignments, listPromotions } from '../catalog';
import { getDraw, recentDraws } from '../draw-records';
import { listPartners } from '../staff';
import { inclusionProofOf } from './inclusion-proof';

const TICKET_HASH = /^[0-9a-f]{64}$/;
/** Recent winners on the public page. */
const PUBLIC_WINNERS = 50;
/** Recent closed draws on the Fair draws page. */
const FAIR_DRAWS = 50;
/** Past house-game results shown, read from this many recent draws (promotion draws share the index). */
const RESULTS = 30;
const RESULTS_READ = 200;

/** A draw's public record, the public winners list and the Fair draws page (DESIGN section 4, "Fair draws"). */
export function registerPublicDrawRoutes(app: HttpApp<'public'>): void {
  app.on('publicDraw', async (request) => {
    const id = request.params.draw_id ?? '';
    const record = isDrawId(id) ? await getDraw(id) : undefined;
    if (!record) throw notFound(messages.fairDraws.noSuchDraw);
    return publicDrawView(record);
  });

  app.on('publicDrawProof', async (request) => {
    const id = request.params.draw_id ?? '';
    const hash = request.params.ticket_hash ?? '';
    if (!TICKET_HASH.test(hash)) throw badRequest(messages.fairDraws.badTicketHash);
    const record = isDrawId(id) ? await getDraw(id) : undefined;
    if (!record) throw notFound(messages.fairDraws.noSuchDraw);
    const proof = await inclusionProofOf(record, hash);
    if (!proof) throw notFound(messages.fairDraws.ticketNotInDraw);
    return proof;
  });

  app.on('publicFairDraws', async () => {
    const [assignments, promotions, partners, draws] = await Promise.all([
      listAssignments(),
      listPromotions(),
      listPartners(),
      recentDraws(FAIR_DRAWS),
    ]);
    const titles = new Map(promotions.map((p) => [p.id, p.title]));
    const names = new Map<string, string>([
      [HOUSE_PARTNER.id, HOUSE_PARTNER.username],
      ...partners.map((p): [string, string] => [p.id, p.username]),
    ]);
    const open = assignments
      .filter((a) => a.status === 'active')
      .map((a) => publicOpenWindow(a, titles.get(a.promotionId) ?? '', names.get(a.partnerId) ?? ''))
      .sort((a, b) => b.opened_at.localeCompare(a.opened_at));
    return { open, draws: draws.map(publicClosedDraw) };
  });

  app.on('publicResults', async () => {
    const draws = await recentDraws(RESULTS_READ);
    const results = draws.map(publicResult).filter((r): r is PublicResult => r !== undefined);
    return { results: results.slice(0, RESULTS) };
  });

  app.on('publicWinners', async (request) => {
    const [draws, totals, paidCents] = await Promise.all([
      recentDraws(PUBLIC_WINNERS, { winnersOnly: true }),
      winnerTotals(request.now),
      paidToWinners(request.now),
    ]);
    return {
      // a winner voided for cause is no winner (its record stays public, linked to its redraw)
      Winners: draws.filter((d) => !d.voided).map(publicWinnerRow),
      TotalWinners: totals.winners,
      // only prizes actually paid out: a pending payout is not yet "paid to winners"
      TotalPaidLRD: formatMoney(paidCents),
    };
  });
}
