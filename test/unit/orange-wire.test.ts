import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError, type CollectRequest } from '../../functions/integrations/mobile-money';
import {
  orderIdOf,
  parsePayToken,
  parseStatus,
  payBody,
  wireMsisdn,
} from '../../functions/integrations/orange/orange-wire';
import type { OrangeConfig } from '../../functions/integrations/secrets';

const config: OrangeConfig = {
  baseUrl: 'https://api.orange.example',
  clientId: 'c',
  clientSecret: 's',
  apiUsername: 'u',
  apiPassword: 'p',
  pin: '1234',
  channelMsisdnLrd: '770000001',
  channelMsisdnUsd: '770000002',
};

const request: CollectRequest = {
  referenceId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  msisdn: '231770000100',
  amountCents: 12_345,
  currency: 'LRD',
  externalId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  payerMessage: 'Daily draw entry',
  payeeNote: 'note',
  callbackUrl: 'https://raffle.example.org/api/v1/webhooks/orange/x/y',
};

describe('Orange Money Core API wire shapes (DESIGN section 8)', () => {
  it("builds the pay body: national numbers, the currency's channel wallet, a 20-character orderId", () => {
    expect(payBody(config, request, 'MP251125ABC')).toEqual({
      notifUrl: request.callbackUrl,
      channelUserMsisdn: '770000001',
      amount: '123.45',
      subscriberMsisdn: '770000100',
      pin: '1234',
      orderId: '0f8fad5bd9cb469fa165',
      description: 'Daily draw entry',
      payToken: 'MP251125ABC',
    });
    expect(payBody(config, { ...request, currency: 'USD' }, 't').channelUserMsisdn).toBe('770000002');
    expect(payBody(config, { ...request, payerMessage: 'x'.repeat(200) }, 't').description).toHaveLength(125);
    expect(wireMsisdn('231770000100')).toBe('770000100');
    expect(orderIdOf(request.referenceId)).toHaveLength(20);
  });

  it.each([
    ['INITIATED', 'mp', { status: 'PENDING', reason: 'NOT_PROMPTED' }],
    ['PENDING', 'mp', { status: 'PENDING' }],
    ['SUCCESSFULL', 'mp', { status: 'SUCCESSFUL', financialTransactionId: 'MP251125.1541.C39196' }],
    ['CANCELLED', 'mp', { status: 'FAILED', reason: 'APPROVAL_REJECTED' }],
    ['CANCELLED', 'cashin', { status: 'FAILED', reason: 'CANCELLED' }],
    ['EXPIRED', 'mp', { status: 'FAILED', reason: 'EXPIRED' }],
    ['FAILED', 'cashin', { status: 'FAILED', reason: 'FAILED' }],
  ] as const)('reads data.status %s of %s', (status, operation, expected) => {
    const txnid = status === 'SUCCESSFULL' ? 'MP251125.1541.C39196' : null;
    expect(parseStatus({ message: 'Transaction retrieved successfully', data: { status, txnid } }, operation)).toEqual(
      expected,
    );
  });

  it("leaves the outcome unknown for a status or init answer it cannot read (SUCCESSFUL is MTN's spelling, not Orange's)", () => {
    // an undocumented word is pending, never a final word (DESIGN section 4): expiry decides
    expect(parseStatus({ data: { status: 'SUCCESSFUL' } }, 'mp')).toEqual({ status: 'PENDING' });
    expect(parseStatus({ data: { status: 'PROCESSING' } }, 'cashin')).toEqual({ status: 'PENDING' });
    expect(() => parseStatus('<am:fault/>', 'mp')).toThrow(ProviderUnavailableError);
    expect(() => parsePayToken({ message: 'ok', data: {} })).toThrow(ProviderUnavailableError);
    expect(parsePayToken({ message: 'ok', data: { payToken: 'MP1' } })).toBe('MP1');
  });
});
