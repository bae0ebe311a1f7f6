// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf } from '@shared/api/routes';
import { payoutRoutes } from '@shared/api/routes/payouts';
import { claimPrizeRequest, type HeldPrizesResponse } from '@shared/api/schemas/held-prizes';
import { oversightMessages } from '@shared/oversight-messages';
import { HeldPrizes } from '@web/features/payouts/components/HeldPrizes';
import { renderAdminScreen } from './support/admin-screen';
import { json, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/**
 * Held prizes on the Payouts screen (issue 36 part 4): paid only to the corrected number of the identity
 * check the support desk recorded.
 */
useScreenEnvironment({ webSocket: 'none' });

const ADMIN = 'adm-boss';
const HELD: HeldPrizesResponse['held'][number] = {
  drawId: 'asg-1-w4',
  promotion: 'Friday Cash',
  amount: '2500.00',
  winner: '2318******01',
  ticket: '4821-0093-17',
  reason: 'PAYEE_NOT_ACTIVE',
  claimDeadline: '2027-05-28T12:00:00.000Z',
  drawnAt: '2026-11-29T12:00:00.000Z',
};
const CHECKED: HeldPrizesResponse['held'][number] = {
  ...HELD,
  drawId: 'asg-2-w9',
  promotion: 'Monday Jackpot',
  winner: '2318******02',
  identityCheck: {
    check: 'National ID LR-55120 seen at the Monrovia desk by Musu',
    pay_to: '2318******56',
    notes: 'Old SIM lost',
    by: 'adm-desk',
    at: '2026-11-30T09:15:00.000Z',
  },
};

/** The held-prizes routes as their contract says: the claim body parsed with its schema; a claimed prize leaves the list. */
function heldServer() {
  const held = [HELD, CHECKED];
  const responder: Responder = (request) => {
    if (request.method === 'GET' && request.url === pathOf(payoutRoutes.listHeldPrizes, { id: ADMIN }))
      return json(200, { held, unclaimed: { total: '1200.00', byPromotion: [], lines: [] } });
    if (request.method === 'PUT' && request.url === pathOf(payoutRoutes.claimHeldPrize, { id: ADMIN })) {
      const body = claimPrizeRequest.parse(request.body);
      held.splice(
        held.findIndex((h) => h.drawId === body.draw_id),
        1,
      );
      return json(200, { message: oversightMessages.heldPrizes.claimed, payoutId: `PRIZE-${body.draw_id}-2` });
    }
    return json(404, { error: 'Not found' });
  };
  return { responder };
}

describe('held prizes on the Payouts screen', () => {
  it('lists held prizes with their deadlines and pays one only to the number of the identity check the desk recorded', async () => {
    const { requests } = renderAdminScreen(<HeldPrizes adminId={ADMIN} />, {
      adminId: ADMIN,
      responder: heldServer().responder,
    });
    const section = within(
      (await screen.findByRole('heading', { name: 'Held prizes' })).closest('section') as HTMLElement,
    );
    await section.findByText('Friday Cash');
    expect(section.getByText(/Unclaimed-prizes balance/).textContent).toContain('1,200.00');
    // no identity check recorded: nothing to pay it with
    const unchecked = within(section.getByText('Friday Cash').closest('tr') as HTMLElement);
    expect(unchecked.getByText('Not yet: the support desk records it')).toBeTruthy();
    expect(unchecked.queryByRole('button')).toBeNull();

    const checked = within(section.getByText('Monday Jackpot').closest('tr') as HTMLElement);
    expect(checked.getByText(/pay to 2318\*{6}56/)).toBeTruthy();
    fireEvent.click(checked.getByRole('button', { name: 'Pay to the corrected number: 2318******02, Monday Jackpot' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Pay a held prize' }));
    expect(dialog.getByText('National ID LR-55120 seen at the Monrovia desk by Musu')).toBeTruthy();
    expect(dialog.getByText('Notes: Old SIM lost')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Pay prize' }));
    expect(await screen.findByText(oversightMessages.heldPrizes.claimed)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { draw_id: 'asg-2-w9', check_at: '2026-11-30T09:15:00.000Z' },
    ]);
    await vi.waitFor(() => expect(section.queryByText('Monday Jackpot')).toBeNull());
    expect(section.getByText('Friday Cash')).toBeTruthy();
  });
});
