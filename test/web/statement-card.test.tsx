// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatementResponse } from '@shared/api/schemas/payouts';
import { StatementCard } from '@web/components/staff/StatementCard';
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
