import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../functions/integrations/mobile-money';
import type { Context } from 'aws-lambda';
import { providerFetch } from '../../functions/integrations/provider-http';
import { callTimeoutMs, withInvocationTime, withProviderTime } from '../../functions/platform/call-time';
import { FINISH_MARGIN_MS, TIME_BUDGETS } from '@shared/time-budgets';

/**
 * DESIGN section 8, "Time budgets": inside an invocation's provider time,
 * every provider call is cut to the time left, and none is sent once it is
 * spent — so no chain of calls outlives the function (shared/time-budgets.ts).
 * The "provider" here is a server that takes requests and never answers.
 */
let server: Server;
let url: string;
let received = 0;

beforeAll(async () => {
  server = createServer(() => {
    received += 1; // and never answered
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/collection/v1_0/requesttopay`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

describe('provider time', () => {
  it("cuts a call whose own cap is longer than the invocation's time left: the outcome is unknown, not a hang", async () => {
    // the call's own cap is a minute, far past the test's timeout: only the budget can end it
    const call = withProviderTime(200, () => providerFetch('MTN MoMo', url, { method: 'POST' }, 60_000));
    await expect(call).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('sends nothing once the time is spent', async () => {
    const before = received;
    const call = withProviderTime(0, () => providerFetch('MTN MoMo', url, { method: 'POST' }, 60_000));
    await expect(call).rejects.toThrow(/no time left/);
    expect(received).toBe(before);
  });

  it('lets a nested budget only shorten the time, never lengthen it', async () => {
    await withProviderTime(1_000, async () => {
      expect(callTimeoutMs(60_000)).toBeLessThanOrEqual(1_000);
      await withProviderTime(60_000, async () => expect(callTimeoutMs(60_000)).toBeLessThanOrEqual(1_000));
      await withProviderTime(100, async () => expect(callTimeoutMs(60_000)).toBeLessThanOrEqual(100));
    });
    // outside any budget, a call keeps its own cap
    expect(callTimeoutMs(8_000)).toBe(8_000);
  });

  it("sends nothing from a function that may call no provider (the entry's answer), whatever time it has", async () => {
    const before = received;
    const context = { getRemainingTimeInMillis: () => 60_000 } as Context;
    const call = withInvocationTime(TIME_BUDGETS.public, context, () =>
      providerFetch('MTN MoMo', url, { method: 'POST' }, 60_000),
    );
    await expect(call).rejects.toThrow(/no time left/);
    expect(received).toBe(before);
  });

  it("ends a calling function's provider calls before the function itself ends", async () => {
    const context = { getRemainingTimeInMillis: () => FINISH_MARGIN_MS + 200 } as Context;
    await withInvocationTime(TIME_BUDGETS.webhooks, context, async () =>
      expect(callTimeoutMs(60_000)).toBeLessThanOrEqual(200),
    );
    const call = withInvocationTime(TIME_BUDGETS.webhooks, context, () =>
      providerFetch('MTN MoMo', url, { method: 'POST' }, 60_000),
    );
    await expect(call).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
