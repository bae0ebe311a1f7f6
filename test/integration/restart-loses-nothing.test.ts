import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CollectRequest } from '../../functions/integrations/mobile-money';
import { mtnMomoProvider, orangeMoneyProvider } from '../../functions/integrations/providers';
import {
  getPayout,
  holdBalancePayout,
  listBalances,
  type Payout,
  RECONCILE_PAYOUTS_AFTER_MS,
  reconcilePayouts,
  sendTransfer,
} from '../../functions/modules/payouts';
import { newCallbackSecret } from '../../functions/platform/callback-secret';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { eventually } from '../support/eventually';
import { aStaffUser } from '../support/fixtures';
import { storeBalanceChange } from '../support/stored-state';
import { aCollectRequest } from '../support/payments';

/**
 * A stack restart in the middle of payments loses nothing (DESIGN section 8:
 * the simulators keep their state in `.data/` like the table). A second,
 * private local stack on a temporary data directory: payments to both
 * providers and a payout are asked for, the whole stack stops while they are
 * still pending, a new stack starts on the same directory, and the status
 * queries and the reconciliation job find every one and settle it.
 */
const savedEnv = { ...process.env };
const dataRoot = mkdtempSync(join(tmpdir(), 'raffle-restart-'));
let stack: LocalStack | undefined;

afterAll(async () => {
  await stack?.stop();
  // this worker's functions go back to the test run's own stack
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  rmSync(dataRoot, { recursive: true, force: true });
}, 60_000);

async function startStack(): Promise<LocalStack> {
  return startLocalStack({
    port: 0,
    dataDir: dataRoot,
    scheduler: false,
    webDist: false,
    streamIntervalMs: 100,
    // a test stack: the JVM's quick compiler only, as the shared one (README)
    quickJit: true,
  });
}

const aPayment = (msisdn: string): CollectRequest =>
  aCollectRequest(msisdn, (referenceId) => ({
    externalId: `entry${referenceId.slice(0, 8)}`,
    callbackUrl: `${process.env.PUBLIC_BASE_URL}/cb/${referenceId}`,
  }));

describe('a stack restart in the middle of payments', () => {
  it('loses no payment or payout: after the restart status queries and reconciliation find and settle each', async () => {
    // outcomes still pending when the stack stops, settled by the simulators after it restarts
    // (long enough for the setup below on a loaded 2-core machine, where it has taken over 4 s)
    process.env.MOMO_SIM_APPROVE_MS = '12000';
    process.env.ORANGE_SIM_APPROVE_MS = '12000';
    stack = await startStack();

    const mtnPayment = aPayment('231881234567');
    const orangePayment = aPayment('231771234567');
    await (await mtnMomoProvider()).requestToPay(mtnPayment);
    await (await orangeMoneyProvider())!.requestToPay(orangePayment);

    // the partner being paid exists (a payout holds nothing for a deleted payee)
    const userId = (await aStaffUser('partner')).id;
    const promotionId = randomUUID();
    const ref = randomUUID();
    const change = {
      userId,
      ownerRole: 'partner' as const,
      promotionId,
      promotionTitle: 'Restart Promo',
      deltaCents: 30_000,
      kind: 'entry-share' as const,
      ref,
      entries: [{ ref, cents: 30_000 }],
    };
    await storeBalanceChange(change);
    const { secret, hash } = newCallbackSecret();
    const payout: Payout = {
      id: randomUUID(),
      kind: 'partner',
      userId,
      promotionId,
      promotionTitle: 'Restart Promo',
      amountCents: 30_000,
      currency: 'LRD',
      msisdn: '231887654321',
      status: 'pending',
      callbackSecretHash: hash,
      requestedBy: 'restart-test',
      createdAt: new Date().toISOString(),
    };
    const actor = { actorId: 'restart-test', actorRole: 'admin', sourceIp: '127.0.0.1' };
    expect(await holdBalancePayout(payout, { actor, target: 'partner:RESTART' }, new Date())).toBe('held');
    expect(await sendTransfer(payout, secret, new Date())).toEqual({ status: 'pending' });
    expect((await (await mtnMomoProvider()).paymentStatus(mtnPayment.referenceId)).status).toBe('PENDING');

    await stack.stop();
    stack = await startStack();

    const settled = (read: () => Promise<{ status: string }>) =>
      eventually(read, (status) => status.status !== 'PENDING', 30_000);
    expect(await settled(async () => (await mtnMomoProvider()).paymentStatus(mtnPayment.referenceId))).toMatchObject({
      status: 'SUCCESSFUL',
    });
    expect(
      await settled(async () => (await orangeMoneyProvider())!.paymentStatus(orangePayment.referenceId)),
    ).toMatchObject({ status: 'SUCCESSFUL' });

    // the job reconciles payouts sent over a minute ago: run it as it would then run
    const later = () => new Date(Date.now() + RECONCILE_PAYOUTS_AFTER_MS + 1_000);
    const paid = await eventually(
      async () => {
        await reconcilePayouts(later());
        return getPayout(payout.id);
      },
      (p) => p?.status !== 'pending',
      30_000,
    );
    expect(paid).toMatchObject({ status: 'paid', financialTransactionId: expect.any(String) });
    expect((await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0)).toBe(0);
  }, 240_000);
});
