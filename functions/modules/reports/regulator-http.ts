import type { ChainLine } from '@shared/export-chain';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { messages } from '@shared/messages';
import { appendAudit, actorOf } from '../audit';
import { drawsSince } from '../draw-records';
import { publicDrawView } from '../draws';
import { gameLedgerLinesBetween } from '../ledger';
import { heldPrizesView, listPayoutsPage } from '../payouts';
import { complaintsBetween } from '../support';
import { badRequest } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { fullReport } from './full-report';
import { activityOf } from './live-activity';
import { reportPeriod } from './report';
import { chainText, exportChain } from './regulator-export';
import { verifySealedMonth } from './seal-days';
import { sealedReportsBetween } from './store/sealed-reports';

/**
 * The regulator's window (shared/api/endpoints/regulator.ts): reads only.
 * Today's figures are Reports' own (fullReport, the one read behind the
 * super admin's screen); numbers are masked; each download is audit-logged
 * before it is answered, so no download goes unrecorded.
 */
/** How far back the window reads the complaint log (older complaints are in the desk's CSV export). */
const COMPLAINTS_DAYS = 90;

export function registerRegulatorRoutes(app: HttpApp<'reports'>): void {
  app.on('regulatorLive', async (request) => {
    const day = request.now.toISOString().slice(0, 10);
    const period = reportPeriod('day', day)!;
    const [report, lines] = await Promise.all([fullReport(period), gameLedgerLinesBetween(period.from, period.to)]);
    return { day, report, activity: activityOf(lines) };
  });

  app.on('regulatorDraws', async (request) => {
    const day = request.query.day ?? request.now.toISOString().slice(0, 10);
    const period = reportPeriod('day', day);
    if (!period) throw badRequest(messages.reports.badPeriod, { day: messages.reports.badPeriod });
    const draws = (await drawsSince(period.from)).filter((draw) => draw.drawnAt < period.to);
    // newest first: the window shows each draw as it happens at the top
    return { day, draws: draws.reverse().map(publicDrawView) };
  });

  app.on('regulatorComplaints', async (request) => {
    const from = new Date(request.now.getTime() - COMPLAINTS_DAYS * 86_400_000).toISOString();
    const complaints = await complaintsBetween(from, request.now.toISOString());
    return {
      complaints: complaints.reverse().map((complaint) => ({
        id: complaint.id,
        mobile_number: maskMobileNumber(complaint.msisdn),
        summary: complaint.summary,
        status: complaint.status,
        opened_at: complaint.openedAt,
        ...(complaint.resolution ? { resolution: complaint.resolution } : {}),
        ...(complaint.resolvedAt ? { resolved_at: complaint.resolvedAt } : {}),
      })),
    };
  });

  app.on('regulatorPayouts', async (request) => {
    const page = await listPayoutsPage({}, 50, request.query.cursor);
    return {
      payouts: page.payouts.map((payout) => ({
        id: payout.id,
        kind: payout.kind,
        status: payout.status,
        amount: formatMoney(payout.amountCents),
        currency: payout.currency,
        promotion: payout.promotionTitle,
        to: maskMobileNumber(payout.msisdn),
        ...(payout.reason ? { reason: payout.reason } : {}),
        startedAt: payout.createdAt,
        ...((payout.paidAt ?? payout.failedAt) ? { finishedAt: payout.paidAt ?? payout.failedAt } : {}),
      })),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  });

  app.on('regulatorUnclaimed', () => heldPrizesView('regulator'));

  app.on('regulatorSeals', async (request) => {
    const { month } = request.query;
    if (!reportPeriod('month', month))
      throw badRequest(messages.reports.badPeriod, { month: 'A month such as 2026-11' });
    return { month, ...(await verifySealedMonth(month)) };
  });

  app.on('regulatorSealed', async (request) => {
    const { month } = request.query;
    if (!reportPeriod('month', month))
      throw badRequest(messages.reports.badPeriod, { month: 'A month such as 2026-11' });
    await recordDownload(request, 'regulator.download-sealed', `sealed:${month}`);
    return { month, days: await sealedReportsBetween(`${month}-01`, `${month}-31`) };
  });

  app.on('regulatorExport', async (request) => {
    const lines = await exportChain(request.query.since, request.now);
    await recordDownload(request, 'regulator.download-export', `export:${request.query.since}`, lines);
    return reply(200, chainText(lines), { contentType: 'application/x-ndjson; charset=utf-8' });
  });

  app.on('regulatorFeed', async (request) => {
    const { since, after, limit } = request.query;
    const lines = await exportChain(since, request.now);
    const page = lines.slice(after, after + limit);
    await recordDownload(request, 'regulator.read-feed', `feed:${since}@${after}`, page);
    return { since, lines: page, next: after + limit < lines.length ? after + limit : null };
  });
}

/** The audit line of a download: who, what, and how much of the chain (its last hash), before the answer goes. */
async function recordDownload(
  request: GuardedRequest,
  action: string,
  target: string,
  lines?: readonly ChainLine[],
): Promise<void> {
  const last = lines?.at(-1);
  await appendAudit(
    {
      ...actorOf(request),
      action,
      target,
      ...(lines ? { after: { lines: lines.length, lastHash: last?.hash ?? null } } : {}),
    },
    request.now,
  );
}
