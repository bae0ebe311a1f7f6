// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatementResponse } from '@shared/api/schemas/payouts';
import { StatementCard } from '@web/components/staff/StatementCard';
import { PENDING_PAYOUT_RECHECK_MS } from '@web/components/staff/statement-api';
import { json, stubFetch } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';
import { render } from './support/staff-render';

useScreenEnvironment();

const line = (
  Kind: StatementResponse['Lines'][number]['Kind'],
  Amount: string,
  Balance: string,
  At: string,
): StatementResponse['Lines'][number] => ({ At, Kind, Promotion: 'Kiss FM Friday', Amount, Balance });

describe('a statement’s lines', () => {
  it('label a failed payout’s restore and a refunded entry’s share taken back each its own way', async () => {
    const statement: StatementResponse = {
      Credits: [{ Promotion: 'Kiss FM Friday', Amount: '280.00', Entries: 2 }],
      // newest first, as the server sends them
      Lines: [
        line('refund', '-10.00', '270.00', '2026-11-25T16:00:00.000Z'),
        line('restored', '280.00', '280.00', '2026-11-25T15:00:00.000Z'),
        { ...line('payout', '-280.00', '0.00', '2026-11-25T15:00:00.000Z'), Status: 'failed' },
        { ...line('credit', '280.00', '280.00', '2026-11-25T10:00:00.000Z'), Entries: 2 },
      ],
      Balance: '270.00',
    };
    stubFetch(() => json(200, statement));
    render(<StatementCard owner="partner" userId="p1" refreshKey="" />);
    await screen.findByText('Balance: L$ 270.00');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Refund — share taken back',
      'Payout failed — restored',
      'Payout',
      'Entries (2)',
    ]);
  });
});

describe('a pending payout on the statement', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its outcome without a reload, though a paid payout leaves the balances (the refresh key) as they were', async () => {
    vi.useFakeTimers();
    const payout = (Status: 'pending' | 'paid'): StatementResponse => ({
      Credits: [{ Promotion: 'Kiss FM Friday', Amount: '30.00', Entries: 3 }],
      Lines: [
        { ...line('payout', '-30.00', '0.00', '2026-11-25T15:00:00.000Z'), Status },
        { ...line('credit', '30.00', '30.00', '2026-11-25T10:00:00.000Z'), Entries: 3 },
      ],
      Balance: '0.00',
    });
    let answer = payout('pending');
    const { requests } = stubFetch(() => json(200, answer));
    render(<StatementCard owner="partner" userId="p1" refreshKey='{"Kiss FM Friday":"0.00"}' />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('cell', { name: 'Pending' })).toBeTruthy();

    // the provider confirms it: the next read, while a line is pending, shows it paid
    answer = payout('paid');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_PAYOUT_RECHECK_MS));
    expect(screen.getByRole('cell', { name: 'Paid' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Pending' })).toBeNull();

    // nothing pending: no more reads
    const reads = requests.length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_PAYOUT_RECHECK_MS * 3));
    expect(requests.length).toBe(reads);
  });
});
