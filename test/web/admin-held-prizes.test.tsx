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

/** Held prizes on the Payouts screen (issue 36 part 4): paid to a corrected number with the identity check. */
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

/** The held-prizes routes as their contract says: the claim body parsed with its schema; a claimed prize leaves the list. */
function heldServer() {
  const held = [HELD];
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
  it('lists a held prize with its deadline and pays it to a corrected number only with the identity check', async () => {
    const { requests } = renderAdminScreen(<HeldPrizes adminId={ADMIN} />, {
      adminId: ADMIN,
      responder: heldServer().responder,
    });
    const section = within(
      (await screen.findByRole('heading', { name: 'Held prizes' })).closest('section') as HTMLElement,
    );
    await section.findByText('Friday Cash');
    expect(section.getByText(/Unclaimed-prizes balance/).textContent).toContain('1,200.00');
    fireEvent.click(section.getByRole('button', { name: 'Pay to a corrected number: 2318******01, Friday Cash' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Pay a held prize' }));
    const pay = dialog.getByRole('button', { name: 'Pay prize' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText('Corrected mobile money number'), { target: { value: '0886123456' } });
    // no identity check recorded: it cannot be paid
    expect(pay.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/^Identity check/), {
      target: { value: 'National ID LR-55120 seen at the Monrovia desk by Musu' },
    });
    fireEvent.change(dialog.getByLabelText(/^Notes/), { target: { value: 'Old SIM lost' } });
    expect(pay.disabled).toBe(false);
    fireEvent.click(pay);
    expect(await screen.findByText(oversightMessages.heldPrizes.claimed)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        draw_id: 'asg-1-w4',
        mobile_number: '0886123456',
        identity_check: 'National ID LR-55120 seen at the Monrovia desk by Musu',
        notes: 'Old SIM lost',
      },
    ]);
    await vi.waitFor(() => expect(section.getByText('No prize is held for a claim.')).toBeTruthy());
  });
});
