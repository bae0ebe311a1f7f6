import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOdds, MAX_ODDS_HUNDREDTHS, parseOdds, predictionRequest } from '@shared/api/schemas/predictions';
import { taxAnalyticsRequest } from '@shared/api/schemas/tax';

const aPrediction = {
  question: 'Will it rain in Monrovia on Sunday?',
  category: '3f2b8c1e-0000-4000-8000-000000000001',
  currency_lrd: '100.00',
  currency_usd: '0.50',
  odd_yes: '1.85',
  odd_no: '2.10',
};

describe('prediction odds', () => {
  it('parses positive decimals with up to 2 places to whole hundredths', () => {
    expect(parseOdds('1.85')).toBe(185);
    expect(parseOdds('2')).toBe(200);
    expect(parseOdds('1.5')).toBe(150);
    expect(parseOdds(' 0.01 ')).toBe(1);
    expect(parseOdds('10000')).toBe(MAX_ODDS_HUNDREDTHS);
  });

  it('refuses zero, negatives, more decimals, exponents and anything too large', () => {
    for (const bad of ['0', '0.00', '-1.5', '1.855', '1e2', '', 'abc', '.5', '1.', '10000.01', 'Infinity']) {
      expect(parseOdds(bad), bad).toBeNull();
    }
  });

  it('round-trips every odds value in range', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_ODDS_HUNDREDTHS }), (h) => parseOdds(formatOdds(h)) === h));
  });

  it('formats with two decimals', () => {
    expect(formatOdds(185)).toBe('1.85');
    expect(formatOdds(7)).toBe('0.07');
    expect(() => formatOdds(0)).toThrow();
    expect(() => formatOdds(1.5)).toThrow();
  });
});

describe('prediction request', () => {
  it('reads money as cents and odds as hundredths, from text or numbers', () => {
    expect(predictionRequest.parse(aPrediction)).toMatchObject({
      currency_lrd: 10_000,
      currency_usd: 50,
      odd_yes: 185,
      odd_no: 210,
    });
    expect(predictionRequest.parse({ ...aPrediction, currency_lrd: 100, odd_yes: 1.85 })).toMatchObject({
      currency_lrd: 10_000,
      odd_yes: 185,
    });
  });

  it('does not require a reference number', () => {
    expect(predictionRequest.parse(aPrediction).reference_number).toBe('');
    expect(predictionRequest.parse({ ...aPrediction, reference_number: null }).reference_number).toBe('');
    expect(predictionRequest.parse({ ...aPrediction, reference_number: ' REF-1 ' }).reference_number).toBe('REF-1');
  });
});

describe('tax analytics request', () => {
  const figures = {
    currentBonusGiveaway: '1000.50',
    totalYDGiveaway: 25000,
    currentPaymentToGovt: '0',
    yDOfThe20Percent: '12.3',
  };

  it('reads the four figures as cents', () => {
    expect(taxAnalyticsRequest.parse(figures)).toEqual({
      currentBonusGiveaway: 100_050,
      totalYDGiveaway: 2_500_000,
      currentPaymentToGovt: 0,
      yDOfThe20Percent: 1230,
    });
  });

  it('refuses negative, fractional-cent and non-numeric figures', () => {
    for (const bad of [-1, '-0.01', '1.005', 'ten', 1e21, true, {}]) {
      expect(taxAnalyticsRequest.safeParse({ ...figures, totalYDGiveaway: bad }).success, String(bad)).toBe(false);
    }
  });
});
