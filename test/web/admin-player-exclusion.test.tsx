// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { PlayerExclusionScreen } from '@web/features/players/screens/PlayerExclusionScreen';
import { json } from './support/fetch';
import { renderAdminScreen } from './support/admin-screen';
import { useScreenEnvironment } from './support/screen-environment';

/** Player exclusion (DESIGN section 7): lifting an exclusion lets the number play again, so it asks first. */
useScreenEnvironment();

const NUMBER = '0886123456';
const lifted = {
  message: 'Exclusion lifted.',
  Exclusion: { mobile_number: '231886123456', excluded: false, permanent: false },
};

function renderScreen() {
  const stub = renderAdminScreen(<PlayerExclusionScreen />, { responder: () => json(200, lifted) });
  fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: NUMBER } });
  return stub;
}

describe('Lift exclusion', () => {
  it('asks first, naming the number; Cancel lifts nothing', () => {
    const { requests } = renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Lift exclusion' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift exclusion' });
    expect(dialog.textContent).toContain(NUMBER);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('lifts it once confirmed', async () => {
    const { requests } = renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Lift exclusion' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift exclusion' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Lift exclusion' })));
    expect(await screen.findByText(/231886123456 is not excluded\./)).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.url, r.body])).toEqual([
      [pathOf(routes.liftPlayerExclusion, { id: 'admin-1' }), { mobile_number: NUMBER }],
    ]);
  });
});

describe('Excluded players', () => {
  const LIST = pathOf(routes.playerExclusions, { id: 'admin-1' });
  const exclusions = [
    {
      mobile_number: '231777000001',
      excluded: true,
      permanent: false,
      until: '2026-12-28T10:00:00.000Z',
      by: 'admin',
      since: '2026-11-28T10:00:00.000Z',
    },
    { mobile_number: '231886000002', excluded: true, permanent: true, by: 'player', since: '2026-11-20T08:15:00.000Z' },
  ];

  it("lists every excluded number, and a row's Lift asks first, lifts that number and reads the list again", async () => {
    let listed = exclusions;
    const { requests } = renderAdminScreen(<PlayerExclusionScreen />, {
      responder: (request) => {
        if (request.url.startsWith(LIST)) return json(200, { Exclusions: listed });
        listed = exclusions.slice(1);
        return json(200, lifted);
      },
    });
    const table = await screen.findByRole('region', { name: 'Excluded players' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '231777000001Dec 28, 2026 10:00An adminNov 28, 2026 10:00Lift',
      '231886000002PermanentlyThe playerNov 20, 2026 08:15Lift',
    ]);

    fireEvent.click(within(table).getByRole('button', { name: 'Lift the exclusion of 231777000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift exclusion' });
    expect(dialog.textContent).toContain('231777000001');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Lift exclusion' })));
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.url, r.body])).toEqual([
      [pathOf(routes.liftPlayerExclusion, { id: 'admin-1' }), { mobile_number: '231777000001' }],
    ]);
    await screen.findByText('231886000002');
    expect(screen.queryByText('231777000001')).toBeNull();
    expect(requests.filter((r) => r.url.startsWith(LIST))).toHaveLength(2);
  });

  it('says when no number is excluded', async () => {
    renderAdminScreen(<PlayerExclusionScreen />, { responder: () => json(200, { Exclusions: [] }) });
    expect(await screen.findByText('No number is excluded.')).toBeTruthy();
  });
});
