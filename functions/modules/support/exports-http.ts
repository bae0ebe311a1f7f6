import { csvTable, type CsvCell } from '@shared/csv';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { listAudit } from '../audit';
import { drawsBetween } from '../draw-records';
import { ledgerLinesBetween, payoutsBetween } from '../payouts';
import { listUsersByRole } from '../staff';
import { badRequest } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { complaintsBetween } from './store/complaints';

/** Audit lines read per page while exporting (the log's own page size cap). */
const AUDIT_PAGE = 500;

/**
 * CSV exports for any period (GMT days, inclusive): payouts, winners,
 * statements (every partner's and announcer's ledger lines) and the audit
 * log for super admins; the complaint log for the desk. One writer
 * (shared/csv.ts); money in major units with 2 decimals (formatMoney);
 * instants in ISO 8601. Each is read by key range, never a scan.
 */
export function registerExportRoutes(app: HttpApp<'support'>): void {
  app.on('exportPayouts', async (request) => {
    const [from, to] = periodOf(request.query);
    const payouts = await payoutsBetween(from, to);
    return csv(
      [
        'id',
        'kind',
        'status',
        'amount',
        'currency',
        'mobile_number',
        'promotion',
        'reason',
        'reference',
        'started_at',
        'finished_at',
        'requested_by',
      ],
      payouts.map((p) => [
        p.id,
        p.kind,
        p.status,
        formatMoney(p.amountCents),
        p.currency,
        p.msisdn,
        { text: p.promotionTitle },
        { text: p.reason ?? '' },
        p.financialTransactionId ?? '',
        p.createdAt,
        p.paidAt ?? p.failedAt ?? '',
        p.requestedBy,
      ]),
    );
  });

  app.on('exportWinners', async (request) => {
    const [from, to] = periodOf(request.query);
    const draws = (await drawsBetween(from, to)).filter((draw) => draw.winnerEntryId);
    return csv(
      ['draw_id', 'drawn_at', 'game', 'promotion', 'ticket', 'mobile_number', 'prize', 'currency', 'payout_status'],
      draws.map((draw) => [
        draw.id,
        draw.drawnAt,
        draw.game,
        { text: draw.promotionTitle },
        draw.winnerTicket ?? '',
        // full numbers are the support desk's alone (DESIGN section 7)
        draw.winnerMsisdn ? maskMobileNumber(draw.winnerMsisdn) : '',
        draw.prizeLrdCents === undefined ? '' : formatMoney(draw.prizeLrdCents),
        'LRD',
        draw.payoutStatus ?? '',
      ]),
    );
  });

  app.on('exportStatements', async (request) => {
    const [from, to] = periodOf(request.query);
    const payees = [...(await listUsersByRole('partner')), ...(await listUsersByRole('announcer'))];
    const rows: CsvCell[][] = [];
    for (const payee of payees)
      for (const line of await ledgerLinesBetween(payee.id, from, to))
        rows.push([
          line.at,
          payee.role,
          { text: payee.username },
          payee.id,
          { text: line.promotionTitle },
          line.kind,
          formatMoney(line.deltaCents),
          'LRD',
          line.ref,
        ]);
    rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    return csv(['at', 'role', 'payee', 'payee_id', 'promotion', 'kind', 'amount', 'currency', 'ref'], rows);
  });

  app.on('exportAudit', async (request) => {
    periodOf(request.query);
    const rows: CsvCell[][] = [];
    let cursor: string | undefined;
    do {
      const page = await listAudit(AUDIT_PAGE, cursor, { from: request.query.from, to: request.query.to });
      for (const line of page.items)
        rows.push([
          line.at,
          line.actorId,
          line.actorRole,
          line.action,
          { text: line.target },
          { text: line.reason ?? '' },
          line.sourceIp,
          { text: line.before ? JSON.stringify(line.before) : '' },
          { text: line.after ? JSON.stringify(line.after) : '' },
        ]);
      cursor = page.cursor;
    } while (cursor);
    return csv(['at', 'actor_id', 'actor_role', 'action', 'target', 'reason', 'source_ip', 'before', 'after'], rows);
  });

  app.on('exportComplaints', async (request) => {
    const [from, to] = periodOf(request.query);
    const complaints = await complaintsBetween(from, to);
    return csv(
      [
        'id',
        'opened_at',
        'mobile_number',
        'entry_id',
        'summary',
        'status',
        'resolution',
        'opened_by',
        'resolved_at',
        'resolved_by',
      ],
      complaints.map((c) => [
        c.id,
        c.openedAt,
        c.msisdn,
        c.entryId ?? '',
        { text: c.summary },
        c.status,
        { text: c.resolution ?? '' },
        c.openedBy,
        c.resolvedAt ?? '',
        c.resolvedBy ?? '',
      ]),
    );
  });
}

/** The period's first and last instant (ISO prefixes: `<from>T` … `<to>T~` covers both whole days). */
function periodOf(query: { from: string; to: string }): [string, string] {
  if (query.from > query.to) throw badRequest(messages.support.badPeriod, { from: messages.support.badPeriod });
  return [`${query.from}T`, `${query.to}T`];
}

const csv = (header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>) =>
  reply(200, csvTable(header, rows), { contentType: 'text/csv; charset=utf-8' });
