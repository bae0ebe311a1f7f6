// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { TaxAnalyticsScreen } from '@web/features/reports/screens/TaxAnalyticsScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { renderAdminScreen } from './support/admin-screen';
import { json, offline, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** Tax Analytics (spec sections 2, 3 "Tax analytics payload", 5, 7, 8). */

const LABELS = [
  'Current Payment To Winners',
  'Total YD Giveaway',
  'Current Payment (Tax) To Government',
  'YD Of The 20% Tax',
];

const sounds = useScreenEnvironment({ webSocket: 'none' });

/** The server's answer to a filing (POST create-tax-analytics). */
const FILED = {
  message: messages.taxAnalytics.submitted,
  TaxAnalytics: {
    ID: 'filing-1',
    currentBonusGiveaway: '100.00',
    totalYDGiveaway: '2000.00',
    currentPaymentToGovt: '20.50',
    yDOfThe20Percent: '400.00',
    filedBy: 'admin-1',
    filedAt: '2087-03-09T10:00:00.000Z',
  },
};

function renderScreen(responder: Responder = () => json(201, FILED), path = '/v1/admin/admin-1/create-tax-analytics') {
  return renderAdminScreen(<TaxAnalyticsScreen />, { responder, path });
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const fill = (values: string[]) =>
  LABELS.forEach((label, i) => {
    fireEvent.change(field(label), { target: { value: values[i] ?? '' } });
  });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Submit Analytics|Submitting/ }));

describe('the tax analytics form', () => {
  it('has the four labelled fields and a Submit Analytics button', () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Tax Analytics' })).toBeTruthy();
    for (const label of LABELS) expect(field(label).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('button', { name: 'Submit Analytics' })).toBeTruthy();
  });

  it.each([0, 1, 2, 3])("with field %i empty says 'All fields are required.' and sends nothing", async (empty) => {
    const { requests } = renderScreen();
    fill(['100.00', '2000', '20.50', '400'].map((value, i) => (i === empty ? ' ' : value)));
    submit();
    expect(await screen.findByText(messages.validation.allFieldsRequired)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(requests).toHaveLength(0);
  });

  it("sends the four figures under the spec's names, says 'Tax analytics submitted successfully!' and clears", async () => {
    const { requests } = renderScreen();
    fill(['100.00', '2000', '20.50', '400']);
    await act(async () => submit());
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/admin-1/create-tax-analytics',
      body: {
        currentBonusGiveaway: '100.00',
        totalYDGiveaway: '2000',
        currentPaymentToGovt: '20.50',
        yDOfThe20Percent: '400',
      },
    });
    expect(await screen.findByText(messages.taxAnalytics.submitted)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    for (const label of LABELS) expect(field(label).value).toBe('');
  });

  it.each([
    [
      'the server error',
      () => json(400, { error: 'Enter an amount such as 100.00' }),
      'Enter an amount such as 100.00',
    ],
    ["'An unexpected error occurred' without one", () => offline(), messages.generic.unexpected],
  ] as const)('on failure shows %s and keeps the figures', async (_what, responder, text) => {
    renderScreen(responder);
    fill(['1', '2', '3', '4']);
    await act(async () => submit());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(field(LABELS[0]!).value).toBe('1');
  });
});

describe('the tax analytics form opened from a report', () => {
  const REPORT: ReportResponse = {
    period: { kind: 'week', value: '2087-W10', from: '2087-03-05T00:00:00.000Z', to: '2087-03-12T00:00:00.000Z' },
    byGame: [],
    byPartner: [],
    totals: [],
    filing: { stakesValueLrd: '0.00', prizesLrd: '0.00', ggrLrd: '0.00', taxLrd: '0.00' },
    taxPrefill: {
      currentBonusGiveaway: '180.00',
      totalYDGiveaway: '2400.50',
      currentPaymentToGovt: '44.00',
      yDOfThe20Percent: '512.10',
    },
    seal: null,
  };

  it("fills the four figures from that period's report, and they stay editable and are sent as shown", async () => {
    const { requests } = renderScreen(
      (request) => (request.method === 'GET' ? json(200, REPORT) : json(201, FILED)),
      '/v1/admin/admin-1/create-tax-analytics?period=week&value=2087-W10',
    );
    expect(await screen.findByText(new RegExp(messages.reports.prefilled.replace(/[.]/g, '\\.')))).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/admin/admin-1/reports?period=week&value=2087-W10',
    });
    expect(LABELS.map((label) => field(label).value)).toEqual(['180.00', '2400.50', '44.00', '512.10']);
    fireEvent.change(field('Current Payment (Tax) To Government'), { target: { value: '45.00' } });
    await act(async () => submit());
    expect(requests[1]).toMatchObject({
      method: 'POST',
      body: {
        currentBonusGiveaway: '180.00',
        totalYDGiveaway: '2400.50',
        currentPaymentToGovt: '45.00',
        yDOfThe20Percent: '512.10',
      },
    });
  });

  it('asks for nothing and leaves the fields empty when opened without a period', () => {
    const { requests } = renderScreen();
    expect(requests).toHaveLength(0);
    expect(LABELS.map((label) => field(label).value)).toEqual(['', '', '', '']);
  });
});
