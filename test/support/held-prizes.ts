import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { getDraw, type DrawRecord } from '../../functions/modules/draw-records';
import { sendTransfer, startPrizePayout } from '../../functions/modules/payouts';
import { aDrawRecord, aPrizePayoutOf } from './fixtures';

/** MTN's simulator: this number's wallet is not active (infra/local/momo-sim-rules.ts). */
export const anInactiveNumber = () => `23188${randomInt(10)}000301`;

/**
 * A won draw whose prize could not be paid (issue 36 part 4): its payout is tried (by the scheduler or here,
 * whichever first), the wallet refuses it, and the prize is held for a claim.
 */
export async function aHeldPrize(overrides: Partial<DrawRecord> = {}): Promise<DrawRecord> {
  const draw = await aDrawRecord({
    winnerMsisdn: anInactiveNumber(),
    promotionTitle: `Held ${randomUUID().slice(0, 6)}`,
    promotionId: randomUUID(),
    prizeLrdCents: 250_000 + randomInt(1000),
    ...overrides,
  });
  const payout = aPrizePayoutOf(draw);
  if (await startPrizePayout(payout, draw)) await sendTransfer(payout, 'unused-secret', new Date());
  await expect.poll(async () => (await getDraw(draw.id))?.payoutStatus, { timeout: 20_000 }).toBe('held');
  return draw;
}
