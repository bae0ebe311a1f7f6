import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../functions/integrations/mobile-money';
import fc from 'fast-check';
import { MOMO_TEXT_ALLOWED, MOMO_TEXT_MAX, momoText, parseStatusBody, requestToPayBody, toStatusResult, transferBody } from '../../functions/integrations/momo/momo-wire';

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
    expect(requestToPayBody(request)).toEqual({
      amount: '100.50',
      currency: 'LRD',
      externalId: 'entry-1',
      payer: { partyIdType: 'MSISDN', partyId: '231880000100' },
      payerMessage: 'Daily draw ticket',
      payeeNote: 'Daily draw entry',
    });
  });

  it("cleans every text MTN sees: no '&' or other special characters, short, never empty", () => {
    const body = requestToPayBody({ ...request, payerMessage: 'Tom & Jerry’s Lucky Hour — Côte 幸运 entry', payeeNote: '&&&' });
    expect(body.payerMessage).toBe('Tom Jerrys Lucky Hour - Cote entry');
    expect(body.payeeNote).toBe('Raffle Liberia');
    expect(transferBody({ ...request, payerMessage: 'Prize: A&B' }).payerMessage).toBe('Prize A B');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        const clean = momoText(text);
        return MOMO_TEXT_ALLOWED.test(clean) && clean.length > 0 && clean.length <= MOMO_TEXT_MAX;
      }),
      { seed: 2026, numRuns: 100 },
    );
  }, 30_000);

  it('builds a transfer body with a payee', () => {
    expect(transferBody({ ...request, amountCents: 7 })).toMatchObject({
      amount: '0.07',
      payee: { partyIdType: 'MSISDN', partyId: '231880000100' },
    });
    expect(transferBody(request)).not.toHaveProperty('payer');
  });

  it('reads a reason sent as a bare code or as MTN\'s {code, message} object', () => {
    expect(toStatusResult(parseStatusBody({ status: 'FAILED', reason: 'APPROVAL_REJECTED' }))).toEqual({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    expect(toStatusResult(parseStatusBody({ status: 'FAILED', reason: { code: 'PAYER_NOT_FOUND', message: 'Payer not found' } }))).toEqual({
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
    for (const body of [undefined, 'ok', { status: 'DONE' }, { reason: 'x' }]) {
      expect(() => parseStatusBody(body)).toThrow(ProviderUnavailableError);
    }
  });
});
