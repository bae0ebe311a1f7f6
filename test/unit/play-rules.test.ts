import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEntryAmount } from '@shared/api/schemas/play';
import { splitEntry } from '../../functions/modules/entries/money-split';
import { isoWeekOf, periodsOf } from '../../functions/platform/periods';
import { dammCheckDigit, newTicketNumber, parseTicketNumber } from '../../functions/modules/entries/ticket-number';
import { formatTicketNumber } from '@shared/ticket-number';
import { playerNetwork, sessionInputs } from '../../functions/modules/ussd/session-input';

describe('ticket numbers', () => {
  it('are 14 digits whose Damm check holds, and differ', () => {
    const tickets = Array.from({ length: 200 }, newTicketNumber);
    for (const t of tickets) {
      expect(t).toMatch(/^\d{14}$/);
      expect(parseTicketNumber(t)).toBe(t);
    }
    expect(new Set(tickets).size).toBe(200);
  });

  it('catch every single-digit typo and every adjacent swap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 9 }), (position, bump) => {
        const ticket = newTicketNumber();
        const typo = `${ticket.slice(0, position)}${(Number(ticket[position]) + bump) % 10}${ticket.slice(position + 1)}`;
        return parseTicketNumber(typo) === null;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), (i) => {
        const ticket = newTicketNumber();
        fc.pre(ticket[i] !== ticket[i + 1]);
        return parseTicketNumber(`${ticket.slice(0, i)}${ticket[i + 1]}${ticket[i]}${ticket.slice(i + 2)}`) === null;
      }),
    );
  });

  it('read dashes and spaces, refuse junk', () => {
    const t = newTicketNumber();
    expect(parseTicketNumber(formatTicketNumber(t))).toBe(t);
    expect(parseTicketNumber('')).toBeNull();
    expect(parseTicketNumber('1'.repeat(60))).toBeNull();
    expect(dammCheckDigit('572')).toBe(4);
  });
});

describe('the money split', () => {
  it('accounts for every cent, never pays more than the entry, rounds shares down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('LRD' as const, 'USD' as const),
        (amount, partnerBp, announcerBp, announcers, currency) => {
          fc.pre(partnerBp + announcerBp <= 10_000);
          const split = splitEntry({
            amountCents: amount,
            currency,
            rateMilli: 190_500,
            partnerBp,
            announcerBp,
            checkedInAnnouncerIds: Array.from({ length: announcers }, (_, i) => `a${i}`),
          });
          const paid = split.partnerCents + split.perAnnouncerCents * split.announcerIds.length;
          return split.houseCents >= 0 && paid + split.houseCents === split.lrdCents && split.perAnnouncerCents >= 0;
        },
      ),
    );
  });

  it('values USD at the stored rate', () => {
    expect(
      splitEntry({
        amountCents: 50,
        currency: 'USD',
        rateMilli: 190_500,
        partnerBp: 1000,
        announcerBp: 0,
        checkedInAnnouncerIds: [],
      }),
    ).toMatchObject({
      lrdCents: 9525,
      partnerCents: 952,
    });
  });
});

describe('GMT periods', () => {
  it.each([
    ['2026-01-01T00:00:00Z', '2026-W01'],
    ['2027-01-01T12:00:00Z', '2026-W53'],
    ['2024-12-30T00:00:00Z', '2025-W01'],
    ['2026-11-21T23:59:59Z', '2026-W47'],
    ['2026-11-23T00:00:00Z', '2026-W48'],
  ])('%s is in ISO week %s', (at, week) => {
    expect(isoWeekOf(new Date(at))).toBe(week);
  });

  it('a day is a UTC day (Liberia keeps GMT)', () => {
    expect(periodsOf(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      day: '2026-12-31',
      week: '2026-W53',
      month: '2026-12',
      year: '2026',
    });
  });
});

describe('entry amounts and USSD input', () => {
  it('parses "100.00|LRD" and refuses anything else', () => {
    expect(parseEntryAmount('100.00|LRD')).toEqual({ cents: 10_000, currency: 'LRD' });
    expect(parseEntryAmount(' 0.5 | USD ')).toEqual({ cents: 50, currency: 'USD' });
    for (const bad of ['100.00', '100|EUR', '|LRD', '-1|LRD', '1e3|USD', 'LRD|100'])
      expect(parseEntryAmount(bad)).toBeNull();
  });

  it("reads a USSD session's inputs after the gateway's base code, dialled digits from the one place configured", () => {
    const baseCode = '*384*2024#';
    const inText = (serviceCode: string, text: string) =>
      sessionInputs({ serviceCode, text, baseCode, digitsIn: 'text' });
    const inCode = (serviceCode: string, text: string) =>
      sessionInputs({ serviceCode, text, baseCode, digitsIn: 'serviceCode' });
    expect(inText(baseCode, '')).toEqual([]);
    // Africa's Talking on a shared code: the base code never counts, dialled digits come in text
    expect(inText(baseCode, '123')).toEqual(['123']);
    expect(inText(baseCode, '1*0*2*1')).toEqual(['1', '0', '2', '1']);
    // a gateway that keeps them in serviceCode
    expect(inCode('*384*2024*12345#', '1')).toEqual(['12345', '1']);
    expect(inCode('*384*20245#', '')).toEqual([]);
    expect(inText(baseCode, Array(40).fill('9').join('*'))).toHaveLength(24);
    // never from both: the digit both places carry counts once, from the configured one
    expect(inText('*384*2024*1#', '1')).toEqual(['1']);
    expect(inCode('*384*2024*1#', '')).toEqual(['1']);
  });

  it("takes the player's network from networkCode, then the number, then the gateway", () => {
    expect(playerNetwork('61807', '231880000001', 'lonestar')).toBe('orange');
    expect(playerNetwork('61801', '231770000001', 'orange')).toBe('lonestar');
    expect(playerNetwork('', '231770000001', 'lonestar')).toBe('orange');
    expect(playerNetwork('99999', '231999', 'orange')).toBe('orange');
  });
});
