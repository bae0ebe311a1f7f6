import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import {
  countPrompts,
  PAYMENT_REQUESTS,
  promptRules,
  takePaymentPrompt,
  takeRateSlot,
} from '../../functions/platform/store/rate-limits';
import { ApiClient } from '../support/api';
import { aClientAddress, aUniquePlayerNumber } from '../support/play';
import { useUpRate } from '../support/stored-state';

/** DESIGN section 7: payment prompts are limited per number, per client address and platform-wide. */
describe('payment prompt limits', () => {
  const enterFrom = (address: string, mobile: string) =>
    new ApiClient().call(
      routes.dailyDrawEntry,
      {},
      { mobile_number: mobile, amount: '100.00|LRD' },
      { headers: { 'cloudfront-viewer-address': address } },
    );

  it('refuses exactly the prompts over the per-address limit when one address asks for many at once', async () => {
    const viewer = aClientAddress();
    const address = viewer.replace(/:\d+$/, '');
    const [perMinute] = promptRules().perAddress;
    // the address has used all but 3 of its minute
    await useUpRate(perMinute!, address, perMinute!.limit - 3);
    const responses = await Promise.all(Array.from({ length: 7 }, () => enterFrom(viewer, aUniquePlayerNumber())));
    expect(responses.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body).toEqual({ error: messages.limits.paymentsPerAddress });
    // another address is not affected
    expect((await enterFrom(aClientAddress(), aUniquePlayerNumber())).status).toBe(202);
  });

  it('a prompt one limit refuses uses up none of the others: the number keeps its 3', async () => {
    const address = aClientAddress().replace(/:\d+$/, '');
    const mobile = aUniquePlayerNumber();
    const [perMinute] = promptRules().perAddress;
    await useUpRate(perMinute!, address, perMinute!.limit);
    const now = new Date();
    expect(await takePaymentPrompt(await countPrompts(mobile, address, now))).toBe('address');
    const slots = await Promise.all(
      Array.from({ length: PAYMENT_REQUESTS.limit }, () => takeRateSlot(PAYMENT_REQUESTS, mobile, now)),
    );
    expect(slots.filter((slot) => !slot)).toEqual([]);
  });

  it('keeps 3 prompts per number per 10 minutes when they come at once from different addresses', async () => {
    const mobile = aUniquePlayerNumber();
    const responses = await Promise.all(Array.from({ length: 6 }, () => enterFrom(aClientAddress(), mobile)));
    expect(responses.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect(responses.find((r) => r.status === 429)!.body).toEqual({ error: messages.limits.paymentsPerNumber });
  });
});
