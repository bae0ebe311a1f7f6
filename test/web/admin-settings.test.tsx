// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '@shared/api/schemas/catalog';
import { SettingsScreen } from '@web/features/catalog/screens/SettingsScreen';
import { renderAdminScreen } from './support/admin-screen';
import { json } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

useScreenEnvironment({ sounds: false });

const VIEW: SettingsView = {
  version: 3,
  daily: { price_lrd: '100.00', price_usd: '0.50', prize_lrd: '10000.00', draw_time: '21:00' },
  jackpot: {
    price_lrd: '200.00',
    price_usd: '1.00',
    base_prize_lrd: '25000.00',
    stake_share_percentage: 20,
    prize_cap_lrd: '1000000.00',
    draw_weekday: 0,
    draw_time: '21:00',
  },
  usd_to_lrd_rate: '190.000',
  mobile_network_fee_percentage: 2.75,
  daily_spend_limit_lrd: '0.00',
};

async function openSettings() {
  const stub = renderAdminScreen(<SettingsScreen />, {
    responder: (request) => (request.method === 'GET' ? json(200, { Settings: VIEW }) : json(200, { message: 'ok' })),
  });
  await screen.findByRole('form', { name: 'Settings' });
  return stub;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the Settings form', () => {
  it('refuses an entry price below the minimum stake on the form, naming the rule, and sends nothing', async () => {
    const { requests } = await openSettings();
    type('Daily entry price (L$)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findAllByText(
        'Daily entry price (L$): The entry price must be at least 100.00 LRD (the minimum stake)',
        { exact: false },
      ),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Daily entry price (L$)').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('previews what changes for players before saving, in the one money format', async () => {
    await openSettings();
    expect(screen.queryByRole('region', { name: 'What changes for players' })).toBeNull();
    type('Daily entry price (L$)', '150');
    type('Jackpot draw day', '6');
    type('Daily draw time (GMT)', '20:30');
    const preview = within(screen.getByRole('region', { name: 'What changes for players' }));
    expect(preview.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Daily entry price (L$): L$ 100.00 → L$ 150.00 (from the next entry)',
      'Daily draw time (GMT): 21:00 → 20:30 (for tickets sold after saving)',
      'Jackpot draw day: Sunday → Saturday (for tickets sold after saving)',
    ]);
    // a change the rules refuse is not previewed as if it would apply
    type('Daily entry price (L$)', '50');
    expect(preview.queryByText(/Daily entry price/)).toBeNull();
  });
});
