import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../functions/integrations/mobile-money';
import fc from 'fast-check';
import { MTN_SANDBOX_NUMBERS, wireMsisdn } from '../../functions/integrations/momo/momo-environment';
import {
  MOMO_TEXT_ALLOWED,
  MOMO_TEXT_MAX,
  momoText,
  parseAccountHolderBody,
  parseBalanceBody,
  parseStatusBody,
  requestToPayBody,
  toStatusResult,
  transferBody,
} from '../../functions/integrations/momo/momo-wire';

const request = {
  referenceId: '0b6d2a8e-9f0e-4c59-8a57-3c1d1f2e9b10',
  msisdn: '231880000100',
  amountCents: 10_050,
  currency: 'LRD' as const,
  externalId: 'entry-1',
  payerMessage: 'Daily draw ticket',
  payeeNote: 'Daily draw entry',
  callbackUrl: 'https://example.org/cb',
};

describe('MTN MoMo wire shapes (DESIGN section 8)', () => {
  it('builds a request-to-pay body with the amount as a two-decimal string', () => {
    expect(requestToPayBody(request, 'mtnliberia')).toEqual({
      amount: '100.50',
      currency: 'LRD',
      externalId: 'entry-1',
      payer: { partyIdType: 'MSISDN', partyId: '231880000100' },
      payerMessage: 'Daily draw ticket',
      payeeNote: 'Daily draw entry',
    });
  });

  it("cleans every text MTN sees: no '&' or other special characters, short, never empty", () => {
    const body = requestToPayBody(
      { ...request, payerMessage: 'Tom & Jerry’s Lucky Hour — Côte 幸运 entry', payeeNote: '&&&' },
      'mtnliberia',
    );
    expect(body.payerMessage).toBe('Tom Jerrys Lucky Hour - Cote entry');
    expect(body.payeeNote).toBe('Raffle Liberia');
    expect(transferBody({ ...request, payerMessage: 'Prize: A&B' }, 'mtnliberia').payerMessage).toBe('Prize A B');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        const clean = momoText(text);
        return MOMO_TEXT_ALLOWED.test(clean) && clean.length > 0 && clean.length <= MOMO_TEXT_MAX;
      }),
      { seed: 2026, numRuns: 100 },
    );
  }, 30_000);

  it('builds a transfer body with a payee', () => {
    expect(transferBody({ ...request, amountCents: 7 }, 'mtnliberia')).toMatchObject({
      amount: '0.07',
      payee: { partyIdType: 'MSISDN', partyId: '231880000100' },
    });
    expect(transferBody(request, 'mtnliberia')).not.toHaveProperty('payer');
  });

  it("sends EUR and MTN's sandbox test numbers in the sandbox, and the player's own number and currency anywhere else", () => {
    expect(requestToPayBody(request, 'sandbox')).toMatchObject({
      amount: '100.50',
      currency: 'EUR',
      payer: { partyId: MTN_SANDBOX_NUMBERS.failed },
    });
    expect(transferBody({ ...request, msisdn: '231880000103', currency: 'USD' }, 'sandbox')).toMatchObject({
      currency: 'EUR',
      payee: { partyId: MTN_SANDBOX_NUMBERS.success },
    });
    // by the player's last digit: 0 failed, 1 rejected, 2 timeout, 3 success, 4 pending, any other success
    expect(['0', '1', '2', '3', '4', '7'].map((digit) => wireMsisdn(`23188000010${digit}`, 'sandbox'))).toEqual([
      MTN_SANDBOX_NUMBERS.failed,
      MTN_SANDBOX_NUMBERS.rejected,
      MTN_SANDBOX_NUMBERS.timeout,
      MTN_SANDBOX_NUMBERS.success,
      MTN_SANDBOX_NUMBERS.pending,
      MTN_SANDBOX_NUMBERS.success,
    ]);
    for (const environment of ['mtnliberia', 'mtnuganda']) {
      expect(requestToPayBody({ ...request, currency: 'USD' }, environment)).toMatchObject({
        currency: 'USD',
        payer: { partyId: '231880000100' },
      });
    }
  });

  it('reads the balance and account-holder answers, and refuses what it cannot read', () => {
    expect(parseBalanceBody({ availableBalance: '1000', currency: 'EUR' })).toEqual({
      availableCents: 100_000,
      currency: 'EUR',
    });
    expect(parseBalanceBody({ availableBalance: '12.34', currency: 'LRD' })).toEqual({
      availableCents: 1234,
      currency: 'LRD',
    });
    expect(() => parseBalanceBody({ availableBalance: 'lots', currency: 'LRD' })).toThrow(ProviderUnavailableError);
    expect(() => parseBalanceBody({ availableBalance: '1.00' })).toThrow(ProviderUnavailableError);
    expect(parseAccountHolderBody({ result: true })).toBe(true);
    expect(parseAccountHolderBody({ result: false })).toBe(false);
    expect(() => parseAccountHolderBody({ result: 'true' })).toThrow(ProviderUnavailableError);
    expect(() => parseAccountHolderBody(undefined)).toThrow(ProviderUnavailableError);
  });

  it("reads a reason sent as a bare code or as MTN's {code, message} object", () => {
    expect(toStatusResult(parseStatusBody({ status: 'FAILED', reason: 'APPROVAL_REJECTED' }))).toEqual({
      status: 'FAILED',
      reason: 'APPROVAL_REJECTED',
    });
    expect(
      toStatusResult(
        parseStatusBody({ status: 'FAILED', reason: { code: 'PAYER_NOT_FOUND', message: 'Payer not found' } }),
      ),
    ).toEqual({
      status: 'FAILED',
      reason: 'PAYER_NOT_FOUND',
    });
  });

  it('keeps the financial transaction id as text', () => {
    expect(toStatusResult(parseStatusBody({ status: 'SUCCESSFUL', financialTransactionId: 123456789 }))).toEqual({
      status: 'SUCCESSFUL',
      financialTransactionId: '123456789',
    });
  });

  it('treats a status it cannot read as an unknown outcome', () => {
    for (const body of [undefined, 'ok', { reason: 'x' }]) {
      expect(() => parseStatusBody(body)).toThrow(ProviderUnavailableError);
    }
  });

  it('reads a status word MTN does not document as PENDING, never as a final word (DESIGN section 4)', () => {
    for (const status of ['DONE', 'CREATED', 'ONGOING']) {
      expect(toStatusResult(parseStatusBody({ status, amount: '100.00' }))).toEqual({ status: 'PENDING' });
    }
  });
});
