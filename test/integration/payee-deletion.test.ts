import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { confirmPayout, getPayout, listBalances, listLedger, type Payout } from '../../functions/modules/payouts';
import { getUser, type StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aBalance, anAnnouncer, fixtureSuperAdmin } from '../support/fixtures';
import { eventually } from '../support/eventually';

/**
 * Deleting a user never strands money (DESIGN section 4 "Payouts"): a payee
 * with a payout in flight cannot be deleted, and money is never restored onto
 * a deleted user. Real requests through the gateway, a transfer the MoMo
 * simulator fails (a number ending 000101), DynamoDB Local deciding the races.
 */
let admin: StaffUser;
let client: ApiClient;
beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

/** A number the simulator fails every transfer to (after ~1 s), no other test's. */
const aFailingPayeeNumber = () => `088${randomInt(10)}000101`;
/** A number whose transfers the simulator keeps PENDING: a payout to it stays in flight however slow the test. */
const aStuckPayeeNumber = () => `088${randomInt(10)}000105`;

async function anAnnouncerOwed(cents: number, mobileMoneyNumber = aFailingPayeeNumber()) {
  const announcer = await anAnnouncer(undefined, { mobile_money_number: mobileMoneyNumber });
  const promotion = await aBalance(announcer.ID, 'announcer', cents, undefined, 'Payday Promo');
  return { announcer, promotion };
}

function payWholeBalance(announcer: AnnouncerRecord, promotion: string, amount: string) {
  return client.call(
    routes.payAnnouncer,
    { id: admin.id },
    {
      username: announcer.Username,
      search_string: announcer.SearchString,
      partner_search_string: announcer.PartnerSearchString,
      mobile_money_number: announcer.MobileMoneyNumber,
      account_balance: { [promotion]: amount },
    },
    { headers: { 'idempotency-key': randomUUID() } },
  );
}

const deleteAnnouncer = (announcer: AnnouncerRecord) =>
  client.call(routes.deleteAnnouncer, { id: admin.id }, { search_string: announcer.SearchString });

const balanceCents = async (userId: string) => (await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0);
const ledgerCents = async (userId: string) => (await listLedger(userId)).reduce((sum, l) => sum + l.deltaCents, 0);

/** The provider fails the transfer; the product learns it (its status check, as the callback or job would). */
async function failedByProvider(id: string): Promise<Payout> {
  return (await eventually(
    async () => {
      await confirmPayout(id, new Date(Date.now() + 120_000));
      return getPayout(id);
    },
    (payout) => payout?.status !== 'pending',
  )) as Payout;
}

describe('deleting a payee', () => {
  it('is refused with a 409 while its whole balance is being paid out; when the provider fails it, the amount is back on the payee', async () => {
    // in flight: the provider has not answered (a failing number's ~1 s could pass before the request on a loaded machine)
    const stuck = await anAnnouncerOwed(50_000, aStuckPayeeNumber());
    const inFlight = await payWholeBalance(stuck.announcer, stuck.promotion, '500.00');
    expect(inFlight.status, inFlight.text).toBe(200);
    expect(await balanceCents(stuck.announcer.ID)).toBe(0);
    const refused = await deleteAnnouncer(stuck.announcer);
    expect(refused).toMatchObject({ status: 409, body: { error: messages.refusals.payoutInFlight } });
    expect(await getUser(stuck.announcer.ID)).toBeDefined();

    // failed by the provider: the amount is back on the payee
    const { announcer, promotion } = await anAnnouncerOwed(50_000);
    const paid = await payWholeBalance(announcer, promotion, '500.00');
    expect(paid.status, paid.text).toBe(200);
    const id = paid.body.Payouts[0].ID as string;

    expect(await failedByProvider(id)).toMatchObject({ status: 'failed' });
    expect(await balanceCents(announcer.ID)).toBe(50_000);
    expect(await ledgerCents(announcer.ID)).toBe(50_000);
    // settled and back on the balance: deletion now waits for the balance to be paid out, as any balance
    expect((await deleteAnnouncer(announcer)).body.error).toBe(messages.refusals.announcerNotDeletable);
  });

  it('racing a payout of the whole balance with real concurrent requests: the payee is never deleted with money on its way back', async () => {
    const owed = await Promise.all(Array.from({ length: 6 }, () => anAnnouncerOwed(30_000)));
    const raced = await Promise.all(
      owed.map(async ({ announcer, promotion }) => {
        // deletions keep coming while the payout request is under way, and once more after its answer
        let answered = false;
        const payout = payWholeBalance(announcer, promotion, '300.00').finally(() => {
          answered = true;
        });
        const deletions = [];
        while (!answered) deletions.push(await deleteAnnouncer(announcer));
        deletions.push(await deleteAnnouncer(announcer));
        return { announcer, paid: await payout, deletions };
      }),
    );
    for (const { announcer, paid, deletions } of raced) {
      // the payout holds the whole balance; each deletion finds it still owed, in flight or back: refused each way
      expect(paid.status, paid.text).toBe(200);
      for (const deleted of deletions) {
        expect(deleted.status, deleted.text).toBe(409);
        // (or the restore landed between its read and its write: the balance it saw at zero changed)
        expect([
          messages.refusals.payoutInFlight,
          messages.refusals.announcerNotDeletable,
          messages.http.changedMeanwhile,
        ]).toContain(deleted.body.error);
      }
      expect(await failedByProvider(paid.body.Payouts[0].ID)).toMatchObject({ status: 'failed' });
      expect(await getUser(announcer.ID)).toBeDefined();
      expect(await balanceCents(announcer.ID)).toBe(30_000);
      expect(await ledgerCents(announcer.ID)).toBe(30_000);
    }
  });
});
