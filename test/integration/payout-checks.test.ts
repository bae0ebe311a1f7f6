import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { MTN_SANDBOX_NUMBERS } from '../../functions/integrations/momo/momo-environment';
import { mtnMomoProvider } from '../../functions/integrations/providers';
import {
  confirmPayout,
  getPayout,
  holdBalancePayout,
  listBalances,
  listLedger,
  type Payout,
  PAYOUT_CHECK_UNAVAILABLE,
  payoutRefusals,
  sendTransfer,
} from '../../functions/modules/payouts';
import { newCallbackSecret } from '../../functions/platform/callback-secret';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aBalance, aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { sharedStack } from '../support/stack-target';

/**
 * Before a payout, MTN is asked whether the payee is an active MoMo account
 * and whether our disbursement float covers it (DESIGN section 8); a payout
 * either check refuses — or that cannot be checked — is never sent, and a
 * held balance comes back with its ledger line. Then the sandbox: by
 * configuration alone the product pays MTN's sandbox test numbers in EUR.
 * All against the stack's MTN simulator and DynamoDB Local.
 */

const momoUrl = sharedStack().momoUrl;

let admin: StaffUser;
let client: ApiClient;
beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

/** A Lonestar number no other test uses, ending in one of the simulator's test endings. */
const aPayeeNumber = (ending: string) => `088${randomInt(10)}${ending}`;

function payPartner(partner: PartnerRecord, amounts: Record<string, string>) {
  return client.call(
    routes.payPartner,
    { id: admin.id },
    {
      search_string: partner.SearchString,
      username: partner.Username,
      mobile_money_number: partner.MobileMoneyNumber,
      account_balance: amounts,
    },
    { headers: { 'idempotency-key': randomUUID() } },
  );
}

const balanceCents = async (userId: string) => (await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0);

async function simulatorTransfer(reference: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${momoUrl}/__sim/disbursement/${reference}`);
  return response.status === 404 ? undefined : ((await response.json()) as Record<string, unknown>);
}

/** Held from the partner's balance exactly as a staff payment holds it, not yet sent. */
async function aHeldPayout(partner: PartnerRecord, amountCents: number): Promise<{ payout: Payout; secret: string }> {
  const promotionId = await aBalance(partner.ID, 'partner', amountCents, undefined, 'Check Promo');
  const { secret, hash } = newCallbackSecret();
  const payout: Payout = {
    id: randomUUID(),
    kind: 'partner',
    userId: partner.ID,
    promotionId,
    promotionTitle: 'Check Promo',
    amountCents,
    currency: 'LRD',
    msisdn: partner.MobileMoneyNumber!,
    status: 'pending',
    callbackSecretHash: hash,
    requestedBy: admin.id,
    createdAt: new Date().toISOString(),
  };
  const actor = { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' };
  expect(await holdBalancePayout(payout, { actor, target: `partner:${partner.SearchString}` }, new Date())).toBe(
    'held',
  );
  return { payout, secret };
}

/** Nothing left the balance: the hold and its restore are both in the ledger. */
async function expectRestored(partner: PartnerRecord, payoutId: string, cents: number) {
  expect(await balanceCents(partner.ID)).toBe(cents);
  const lines = (await listLedger(partner.ID)).filter((line) => line.ref === payoutId);
  expect(lines.map((line) => line.kind).sort()).toEqual(['payout-hold', 'payout-restore']);
  expect(lines.reduce((sum, line) => sum + line.deltaCents, 0)).toBe(0);
}

describe('before a payout (mtnliberia, as in production)', () => {
  it('sends nothing to a number that is not an active MoMo account, and the balance is intact', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber('000301') });
    const promotion = await aBalance(partner.ID, 'partner', 40_000, undefined, 'Inactive Payee');

    const response = await payPartner(partner, { [promotion]: '400.00' });
    expect(response.status, response.text).toBe(502);
    expect(response.body.error).toBe(payoutRefusals.payeeNotActive);
    const id = response.body.Payouts[0].ID as string;
    expect(response.body.Payouts[0]).toMatchObject({ Status: 'failed', Reason: 'PAYEE_NOT_ACTIVE' });

    expect(await simulatorTransfer(id)).toBeUndefined();
    expect(await getPayout(id)).toMatchObject({ status: 'failed', reason: 'PAYEE_NOT_ACTIVE' });
    await expectRestored(partner, id, 40_000);
  });

  it('sends nothing when the check itself errors (MTN answers 503): it fails unsent, never pays blind', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber('000503') });
    const promotion = await aBalance(partner.ID, 'partner', 12_300, undefined, 'Check Down');

    const response = await payPartner(partner, { [promotion]: '123.00' });
    expect(response.status, response.text).toBe(502);
    expect(response.body.error).toBe(payoutRefusals.providerRefused);
    const id = response.body.Payouts[0].ID as string;
    expect(await getPayout(id)).toMatchObject({ status: 'failed', reason: PAYOUT_CHECK_UNAVAILABLE });
    expect(await simulatorTransfer(id)).toBeUndefined();
    await expectRestored(partner, id, 12_300);
  });

  it('still sends a payout both checks pass', async () => {
    const partner = await aPartner({ mobile_money_number: `088${randomInt(1_000_000, 9_999_999)}` });
    const { payout, secret } = await aHeldPayout(partner, 5_000);
    expect(await sendTransfer(payout, secret, new Date())).toEqual({ status: 'pending' });
    expect(await simulatorTransfer(payout.id)).toMatchObject({
      request: { currency: 'LRD', payee: { partyId: partner.MobileMoneyNumber } },
    });
  });
});

describe("against MTN's sandbox, by configuration alone", () => {
  // this worker's functions run in sandbox mode; the stack's other workers stay on mtnliberia
  beforeAll(() => {
    process.env.MOMO_TARGET_ENVIRONMENT = 'sandbox';
  });
  afterAll(async () => {
    delete process.env.MOMO_TARGET_ENVIRONMENT;
    await setSandboxFloat('100000000.00');
  });

  async function setSandboxFloat(availableBalance: string) {
    const response = await fetch(`${momoUrl}/__sim/balance`, {
      method: 'POST',
      body: JSON.stringify({ environment: 'sandbox', product: 'disbursement', currency: 'EUR', availableBalance }),
    });
    expect(response.status).toBe(200);
  }

  it('pays out to a sandbox test number in EUR, and the payout is confirmed paid', async () => {
    // a player's number ending in 3 stands for the sandbox's success number
    const partner = await aPartner({ mobile_money_number: `088${randomInt(100_000, 999_999)}3` });
    const { payout, secret } = await aHeldPayout(partner, 25_050);
    expect(await sendTransfer(payout, secret, new Date())).toEqual({ status: 'pending' });
    const transfer = await simulatorTransfer(payout.id);
    expect(transfer).toMatchObject({
      environment: 'sandbox',
      request: {
        amount: '250.50',
        currency: 'EUR',
        payee: { partyIdType: 'MSISDN', partyId: MTN_SANDBOX_NUMBERS.success },
      },
    });
    await eventually(
      () => confirmPayout(payout.id, new Date()),
      (outcome) => outcome !== 'pending',
    );
    expect(await getPayout(payout.id)).toMatchObject({ status: 'paid', financialTransactionId: expect.any(String) });
    expect(await balanceCents(partner.ID)).toBe(0);
  });

  it('asks for a payment in EUR from the sandbox number standing for the player, and reads its outcome', async () => {
    const momo = await mtnMomoProvider();
    const referenceId = randomUUID();
    await momo.requestToPay({
      referenceId,
      msisdn: '231880000101', // …1: the sandbox's rejected number
      amountCents: 10_000,
      currency: 'LRD',
      externalId: `entry-${referenceId.slice(0, 8)}`,
      payerMessage: 'Tom & Jerry Lucky Hour',
      payeeNote: 'Daily draw entry',
      callbackUrl: '',
    });
    const held = (await (await fetch(`${momoUrl}/__sim/collection/${referenceId}`)).json()) as Record<string, unknown>;
    expect(held).toMatchObject({
      environment: 'sandbox',
      request: { currency: 'EUR', payer: { partyId: MTN_SANDBOX_NUMBERS.rejected } },
    });
    const settled = await eventually(
      () => momo.paymentStatus(referenceId),
      (status) => status.status !== 'PENDING',
    );
    expect(settled).toEqual({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
  });

  it('sends nothing when the float does not cover the payout, and the balance is intact', async () => {
    await setSandboxFloat('10.00');
    const partner = await aPartner({ mobile_money_number: `088${randomInt(100_000, 999_999)}3` });
    const { payout, secret } = await aHeldPayout(partner, 1_001);
    expect(await sendTransfer(payout, secret, new Date())).toEqual({ status: 'failed', reason: 'INSUFFICIENT_FLOAT' });
    expect(await simulatorTransfer(payout.id)).toBeUndefined();
    expect(await getPayout(payout.id)).toMatchObject({ status: 'failed', reason: 'INSUFFICIENT_FLOAT' });
    await expectRestored(partner, payout.id, 1_001);

    // exactly covered: sent
    const { payout: covered, secret: coveredSecret } = await aHeldPayout(partner, 1_000);
    expect(await sendTransfer(covered, coveredSecret, new Date())).toEqual({ status: 'pending' });
    expect(await simulatorTransfer(covered.id)).toBeDefined();
  });
});
