import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPayout, listBalances, listLedger, refundPayoutId } from '../../functions/modules/payouts';
import { formatTicketNumber } from '@shared/ticket-number';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { getEntry, verifyTicket } from '../../functions/modules/entries';
import { getAssignment } from '../../functions/modules/catalog';
import { listAudit } from '../../functions/modules/audit';
import { getDraw } from '../../functions/modules/draw-records';
import { gameLedgerLinesBetween } from '../../functions/modules/ledger';
import type { StaffUser } from '../../functions/modules/staff';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { ussdPlayerMessages } from '@shared/ussd';
import { dialAs, screenText } from '../support/ussd';
import type { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, finishClearsOf, paidEntriesByCode, queuedClearsOf, smsTo } from '../support/play';
import { sharedStack } from '../support/stack-target';

/**
 * Clear draw, refunding (DESIGN section 4 "Clear draw"): each paid entry's stake goes
 * back by mobile money, the shares it credited are taken back with ledger lines (never below zero: the
 * house bears what was paid out already), its stake is booked back, and its player is told by SMS.
 */
let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

async function disbursement(reference: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${sharedStack().momoUrl}/__sim/disbursement/${reference}`);
  return response.status === 404 ? undefined : ((await response.json()) as Record<string, unknown>);
}

describe('clear draw, refunding the players', () => {
  it('concurrent refund clears refund each stake once, take the shares back with ledger lines, and tell each player', async () => {
    const partner = await aPartner();
    // 100.00 LRD entries, the partner's share 10% (no announcer on duty: the house keeps theirs)
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const entries = await paidEntriesByCode(promotion.sharedCode, 3);
    const balance = async () =>
      (await listBalances(partner.ID)).find((b) => b.promotionId === promotion.promotion.ID)?.amountCents ?? 0;
    expect(await balance()).toBe(3_000);
    // 15.00 LRD of the 30.00 were paid out to the partner already
    const paid = await adminClient.call(
      routes.payPartner,
      { id: admin.id },
      { search_string: partner.SearchString, account_balance: { [promotion.promotion.ID]: '15.00' } },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(await balance()).toBe(1_500);

    const clear = () =>
      adminClient.call(
        routes.clearPartnerDraw,
        { id: admin.id },
        { partnerUsername: partner.SearchString, mode: 'refund' },
      );
    const answers = await Promise.all([clear(), clear()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.paid_tickets).sort()).toEqual([0, 3]);
    const done = answers.find((a) => a.body.paid_tickets === 3)!;
    expect(done.body).toMatchObject({
      mode: 'refund',
      promotions: 1,
      message: messages.clearDraw.cleared(1, partner.Username, 3, 'refund'),
    });

    // the next window opens empty, nothing to move: a draw may close it at once; the cleared record says refund
    const next = (await getAssignment(promotion.assignmentId))!;
    expect(next).toMatchObject({ windowNo: 2, windowCount: 0 });
    expect(next.clearPending).toBeUndefined();
    expect(await getDraw(`${promotion.assignmentId}-w1`)).toMatchObject({ kind: 'cleared', clearMode: 'refund' });

    // the request made no provider call: no refund committed or sent, no SMS; the refunds are queued
    expect(await queuedClearsOf([promotion.assignmentId])).toMatchObject([
      { mode: 'refund', count: 3, windowNo: 1, requestedBy: admin.id },
    ]);
    for (const entry of entries) {
      expect(await getPayout(refundPayoutId(entry.entryId))).toBeUndefined();
      expect(await disbursement(refundPayoutId(entry.entryId))).toBeUndefined();
      expect((await smsTo(entry.msisdn)).filter((m) => m.text.includes('was cleared'))).toEqual([]);
    }
    expect(await balance()).toBe(1_500);

    // the finish-clears job refunds them, two runs side by side refunding each once
    const runs = await Promise.all([
      finishClearsOf([promotion.assignmentId]),
      finishClearsOf([promotion.assignmentId]),
    ]);
    expect(runs.flat()).toEqual(['done', 'done']);
    expect(await queuedClearsOf([promotion.assignmentId])).toEqual([]);

    // shares taken back: what the balance held (15.00), the house bearing the 15.00 already paid out; never below zero
    expect(await balance()).toBe(0);
    const refundLines = (await listLedger(partner.ID)).filter((line) => line.kind === 'entry-refund');
    expect(refundLines).toHaveLength(3);
    expect(new Set(refundLines.map((line) => line.ref))).toEqual(new Set(entries.map((e) => e.entryId)));
    expect(refundLines.reduce((sum, line) => sum - line.deltaCents, 0)).toBe(1_500);
    expect(refundLines.reduce((sum, line) => sum + (line.houseBoreCents ?? 0), 0)).toBe(1_500);
    for (const line of refundLines) expect(-line.deltaCents + (line.houseBoreCents ?? 0)).toBe(1_000);

    const day = new Date().toISOString().slice(0, 10);
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
    const bookedBack = (await gameLedgerLinesBetween(`${day}T00:00:00.000Z`, nextDay)).filter(
      (line) => line.kind === 'stake-refunded' && entries.some((e) => e.entryId === line.ref),
    );
    expect(bookedBack.map((line) => [line.amountCents, line.valueLrdCents])).toEqual([
      [-10_000, -10_000],
      [-10_000, -10_000],
      [-10_000, -10_000],
    ]);

    for (const entry of entries) {
      // one refund transfer each, to the player, of the stake
      const payout = (await getPayout(refundPayoutId(entry.entryId)))!;
      expect(payout).toMatchObject({
        kind: 'refund',
        amountCents: 10_000,
        currency: 'LRD',
        msisdn: entry.msisdn,
        entryId: entry.entryId,
      });
      expect(await disbursement(payout.id)).toBeDefined();
      await eventually(
        async () => (await getPayout(payout.id))!.status,
        (status) => status === 'paid',
      );
      expect(await getEntry(entry.entryId)).toMatchObject({
        windowNo: 1,
        refundedAt: expect.any(String),
        refundPayoutId: payout.id,
      });
      // told once, in one GSM-7 SMS
      const sms = (await smsTo(entry.msisdn)).filter((m) => m.text.includes('was cleared'));
      expect(sms).toHaveLength(1);
      expect(sms[0]!.text).toContain(
        `Ticket ${formatTicketNumber(entry.ticket)} is refunded: 100.00 LRD is being returned to your mobile money.`,
      );
      expect(isOneGsm7Sms(sms[0]!.text)).toBe(true);
      // the checker tells the truth, not "Not a winner this time"
      expect(await verifyTicket(entry.ticket, new Date())).toMatchObject({
        isWinner: false,
        outcome: 'lost',
        message: expect.stringContaining(messages.clearDraw.refundedTicket('100.00 LRD')),
      });
      // and so do USSD's My tickets and its check (option 4)
      expect(screenText(await dialAs(entry.msisdn, '5'), 'CON')).toMatch(
        new RegExp(`${formatTicketNumber(entry.ticket)} [^\\n]+: ${ussdPlayerMessages.status.refunded}\\n`),
      );
      expect(screenText(await dialAs(entry.msisdn, `4*${entry.ticket}`), 'END')).toContain(
        messages.clearDraw.refundedTicket('100.00 LRD'),
      );
    }
    const audit = (await listAudit(100)).items.find(
      (line) => line.action === 'draw.clear' && line.target === `assignment:${promotion.assignmentId}`,
    );
    expect(audit?.after).toMatchObject({ clearMode: 'refund', paidTickets: 3 });

    // a retried clear refunds nothing more
    const again = await clear();
    expect(again.body.paid_tickets).toBe(0);
    expect((await listLedger(partner.ID)).filter((line) => line.kind === 'entry-refund')).toHaveLength(3);
  });
});
