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
