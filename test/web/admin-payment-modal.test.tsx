// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutRecordView, PayoutView, PayResponse } from '@shared/api/schemas/payouts';
import { PAYOUTS_EVENT } from '@shared/topics';
import { topicNames } from '@shared/topics';
import type { PromotionBalanceView } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api-client';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import AppToaster from '@web/lib/toaster';
import { PaymentModal } from '@web/features/payouts/components/PaymentModal';
import {
  amountsToSend,
  confirmablePayment,
  overBalanceMessage,
} from '@web/features/payouts/components/payment-amounts';
import { balancesOf, promoId } from './support/admin-records';
import { openLatestSocket } from './support/fake-websocket';
import { useScreenEnvironment } from './support/screen-environment';
import { render } from './support/staff-render';

/** The two-step payment dialog (spec sections 4 "Payment flow", 5 "Payment", 8). */

const BALANCES = balancesOf({
  'Kiss FM Friday': '50.00',
  'Empty Promo': '0.00',
  'Sunday Jackpot': '20.50',
  'Owed Promo': '-5.00',
}).PromotionBalances;

const sounds = useScreenEnvironment();

type Pay = (amounts: Record<string, string>, key: string) => Promise<PayResponse>;

/** A pay answer whose one payout the API reports with `status` (pending until the provider confirms it). */
const answered = (status: PayoutView['Status'], reason?: string): PayResponse => ({
  message: messages.partner.paid,
  Payouts: [
    {
      ID: 'payout-1',
      PromotionID: promoId('Kiss FM Friday'),
      Promotion: 'Kiss FM Friday',
      Amount: '70.50',
      Status: status,
      ...(reason ? { Reason: reason } : {}),
    },
  ],
});

function renderModal(
  pay = vi.fn<Pay>(async () => ({ message: 'ok', Payouts: [] })),
  balances: PromotionBalanceView[] = BALANCES,
) {
  const onClose = vi.fn();
  render(
    <>
      <PaymentModal
        title="Pay partner"
        payeeName="Kiss FM"
        payeeNumber="0880000101"
        balances={balances}
        successText={messages.partner.paid}
        pay={pay}
        onClose={onClose}
      />
      <AppToaster />
    </>,
  );
  return { pay, onClose };
}

const amountOf = (promotion: string) => screen.getByLabelText(promotion) as HTMLInputElement;
const type = (promotion: string, value: string) => fireEvent.change(amountOf(promotion), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const dialog = () => screen.getByRole('dialog');

describe('the amount step', () => {
  it('lists only the promotions with a balance above 0, with their balances', () => {
    renderModal();
    expect(within(dialog()).getByRole('heading', { name: 'Pay partner: Kiss FM' })).toBeTruthy();
    expect(amountOf('Kiss FM Friday').value).toBe('');
    expect(amountOf('Sunday Jackpot').value).toBe('');
    expect(screen.queryByLabelText('Empty Promo')).toBeNull();
    expect(screen.queryByLabelText('Owed Promo')).toBeNull();
    expect(screen.getByText('Balance: L$ 50.00')).toBeTruthy();
    expect(screen.getByText('Balance: L$ 20.50')).toBeTruthy();
  });

  it.each([
    'abc',
    '12a',
    '-3',
    '1e5',
    '1.2.3',
    '12.345',
    '1,000',
    ' 5',
  ])('refuses %j: only digits with an optional decimal point', (text) => {
    renderModal();
    type('Kiss FM Friday', '12');
    type('Kiss FM Friday', text);
    expect(amountOf('Kiss FM Friday').value).toBe('12');
  });

  it.each(['7', '7.', '7.5', '7.50', '.5', '50', '50.00'])('accepts %j', (text) => {
    renderModal();
    type('Kiss FM Friday', text);
    expect(amountOf('Kiss FM Friday').value).toBe(text);
  });

  it("refuses an amount above that promotion's balance with a clear message, never cutting it short", () => {
    renderModal();
    type('Kiss FM Friday', '5');
    type('Kiss FM Friday', '50.01');
    // kept as typed, so what is refused is what the admin sees
    expect(amountOf('Kiss FM Friday').value).toBe('50.01');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(overBalanceMessage('Kiss FM Friday', 5000));
    expect(alert.textContent).toContain('L$ 50.00');
    expect(amountOf('Kiss FM Friday').getAttribute('aria-invalid')).toBe('true');
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    // a valid amount clears the message
    type('Kiss FM Friday', '50');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amountOf('Kiss FM Friday').value).toBe('50');
  });

  it('an amount above the balance (500 of 50) stops Next with the reason: nothing is sent', () => {
    const { pay } = renderModal();
    for (const text of ['5', '50', '500']) type('Kiss FM Friday', text);
    expect(amountOf('Kiss FM Friday').value).toBe('500');
    click('Next');
    expect(screen.getByRole('alert').textContent).toBe(overBalanceMessage('Kiss FM Friday', 5000));
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(pay).not.toHaveBeenCalled();
  });

  it("'Pay Full' fills one promotion's balance; 'Pay Full Balance' fills every positive balance", () => {
    renderModal();
    click('Pay Full Sunday Jackpot');
    expect(amountOf('Sunday Jackpot').value).toBe('20.50');
    expect(amountOf('Kiss FM Friday').value).toBe('');
    expect(screen.getByText('Total: L$ 20.50')).toBeTruthy();
    click('Pay Full Balance');
    expect(amountOf('Kiss FM Friday').value).toBe('50.00');
    expect(amountOf('Sunday Jackpot').value).toBe('20.50');
    expect(screen.getByText('Total: L$ 70.50')).toBeTruthy();
  });

  it.each([
    [''],
    ['0'],
    ['0.00'],
  ])("with %j entered, 'Next' stays and says 'Please enter at least one payment amount'", (text) => {
    renderModal();
    if (text) type('Kiss FM Friday', text);
    click('Next');
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.enterPaymentAmount);
    expect(screen.getByLabelText('Kiss FM Friday')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});

describe('the confirm step', () => {
  it('lists the amounts above 0 and their total; Back returns to the amounts as entered', () => {
    renderModal();
    type('Kiss FM Friday', '10.5');
    type('Sunday Jackpot', '0');
    click('Next');
    expect(within(dialog()).getByRole('heading', { name: 'Confirm payment to Kiss FM' })).toBeTruthy();
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['PromotionAmount', 'Kiss FM FridayL$ 10.50', 'TotalL$ 10.50']);
    // the number it is sent to, before anything is sent
    expect(within(dialog()).getByText('0880000101')).toBeTruthy();
    click('Back');
    expect(amountOf('Kiss FM Friday').value).toBe('10.5');
    expect(amountOf('Sunday Jackpot').value).toBe('0');
  });

  it('shows two promotions that share a title as two rows and pays each by its own id', async () => {
    const pay = vi.fn<Pay>(async () => ({ message: 'ok', Payouts: [] }));
    renderModal(pay, [
      { PromotionID: 'renamed-id', Promotion: 'Morning Show', Amount: '30.00' },
      { PromotionID: 'new-id', Promotion: 'Morning Show', Amount: '12.00' },
    ]);
    const [first, second] = screen.getAllByLabelText('Morning Show') as HTMLInputElement[];
    fireEvent.change(first!, { target: { value: '30' } });
    fireEvent.change(second!, { target: { value: '2.5' } });
    click('Next');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PromotionAmount', 'Morning ShowL$ 30.00', 'Morning ShowL$ 2.50', 'TotalL$ 32.50']);
    await act(async () => click('Confirm'));
    expect(pay.mock.calls[0]![0]).toEqual({ 'renamed-id': '30.00', 'new-id': '2.50' });
  });

  it("sends the amounts, reads 'Processing...' while sending, then closes with the success text and sound", async () => {
    let finish!: () => void;
    const pay = vi.fn<Pay>(() => new Promise<PayResponse>((resolve) => (finish = () => resolve(answered('paid')))));
    const { onClose } = renderModal(pay);
    click('Pay Full Balance');
    click('Next');
    click('Confirm');
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]![0]).toEqual({
      [promoId('Kiss FM Friday')]: '50.00',
      [promoId('Sunday Jackpot')]: '20.50',
    });
    const processing = screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(`${messages.partner.paid} L$ 70.50 to Kiss FM`)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
  });

  it("never says 'successful' while the API answers the payout pending: 'Sent — waiting for mobile money'", async () => {
    const { onClose } = renderModal(vi.fn<Pay>(async () => answered('pending')));
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    // the dialog stays open, watching the payout live
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('status').textContent).toBe(`${messages.payout.waiting} L$ 70.50 to Kiss FM`);
    expect(screen.queryByText(new RegExp(messages.partner.paid))).toBeNull();
    expect(sounds.played).toEqual([]);
    expect(openLatestSocket().subscribedTopics()).toEqual([topicNames.adminPayouts]);
  });

  /** The live `admin/payouts` list as the server pushes it, with payout-1 in `status`. */
  const livePayouts = (status: PayoutRecordView['Status'], reason?: string) => ({
    topic: topicNames.adminPayouts,
    event: PAYOUTS_EVENT,
    data: {
      Payouts: [
        {
          ID: 'payout-1',
          Kind: 'partner',
          Payee: 'Kiss FM',
          MobileNumber: '231880000101',
          Promotion: 'Kiss FM Friday',
          Amount: '70.50',
          Status: status,
          ...(reason ? { Reason: reason } : {}),
          StartedAt: '2026-11-26T06:00:00.000Z',
          Retryable: status === 'failed',
        },
      ],
    },
  });

  it('then shows the final outcome live, without reopening: failed with the provider’s reason and the balance restored', async () => {
    const { onClose } = renderModal(vi.fn<Pay>(async () => answered('pending')));
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    const socket = openLatestSocket();
    act(() => socket.serverSend(livePayouts('pending')));
    expect(within(dialog()).getByRole('status').textContent).toBe(`${messages.payout.waiting} L$ 70.50 to Kiss FM`);
    act(() => socket.serverSend(livePayouts('failed', 'PAYEE_NOT_FOUND')));
    expect(within(dialog()).getByRole('status').textContent).toBe(
      `${messages.payout.failed} L$ 70.50 to Kiss FM: this number has no mobile money account (PAYEE_NOT_FOUND); ${messages.payout.restored}`,
    );
    expect(screen.queryByText(new RegExp(messages.partner.paid))).toBeNull();
    click('Close');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a payment that failed live is tried again from the same dialog as a NEW attempt, the number shown first', async () => {
    const pay = vi.fn<Pay>().mockResolvedValueOnce(answered('pending')).mockResolvedValueOnce(answered('paid'));
    const { onClose } = renderModal(pay);
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    act(() => openLatestSocket().serverSend(livePayouts('failed', 'PAYEE_NOT_FOUND')));
    click('Try again');
    // back on the confirm step: the reason in plain words and the payee's number, nothing sent yet
    expect(within(dialog()).getByRole('alert').textContent).toContain('this number has no mobile money account');
    expect(within(dialog()).getByText('0880000101')).toBeTruthy();
    expect(pay).toHaveBeenCalledTimes(1);
    await act(async () => click('Try again'));
    expect(pay).toHaveBeenCalledTimes(2);
    expect(pay.mock.calls[1]![0]).toEqual(pay.mock.calls[0]![0]);
    expect(pay.mock.calls[1]![1]).not.toBe(pay.mock.calls[0]![1]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('and says "successful" only once the provider paid it', async () => {
    renderModal(vi.fn<Pay>(async () => answered('pending')));
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    act(() => openLatestSocket().serverSend(livePayouts('paid')));
    expect(within(dialog()).getByRole('status').textContent).toBe(`${messages.partner.paid} L$ 70.50 to Kiss FM`);
  });

  it('shows a payout the API answers failed as failed, with the provider’s reason and the error sound', async () => {
    renderModal(vi.fn<Pay>(async () => answered('failed', 'PAYEE_NOT_FOUND')));
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    expect(
      await screen.findByText(
        `${messages.payout.failed} L$ 70.50 to Kiss FM (PAYEE_NOT_FOUND); ${messages.payout.restored}`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(messages.partner.paid))).toBeNull();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
  });

  it.each([
    ['answered failed', async () => answered('failed', 'PAYEE_NOT_ACTIVE')],
    [
      'refused by the provider (502 listing the failed payout)',
      async (): Promise<PayResponse> => {
        const { Payouts } = answered('failed', 'PAYEE_NOT_ACTIVE');
        throw new ApiError(502, 'The mobile money service refused the transfer.', { error: 'x', Payouts });
      },
    ],
  ])('a payment %s stays open with the reason in plain words; Try again is a new attempt with a new key', async (_, first) => {
    const pay = vi.fn<Pay>().mockImplementationOnce(first).mockResolvedValueOnce(answered('paid'));
    const { onClose } = renderModal(pay);
    type('Kiss FM Friday', '5');
    click('Next');
    await act(async () => click('Confirm'));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('alert').textContent).toContain(
      'the mobile money account of this number is not active',
    );
    expect(within(dialog()).getByText('0880000101')).toBeTruthy();
    await act(async () => click('Try again'));
    expect(pay).toHaveBeenCalledTimes(2);
    expect(pay.mock.calls[1]![1]).not.toBe(pay.mock.calls[0]![1]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's error, else 'An unexpected error occurred', with the error sound, and stays to retry with the same key", async () => {
    const pay = vi
      .fn<Pay>()
      .mockRejectedValueOnce(new ApiError(409, 'The balance changed meanwhile.'))
      .mockRejectedValueOnce(new ApiError(0, null))
      .mockResolvedValueOnce({ message: 'ok', Payouts: [] });
    const { onClose } = renderModal(pay);
    type('Kiss FM Friday', '5');
    click('Next');
    await act(async () => click('Confirm'));
    expect(await screen.findByText('The balance changed meanwhile.')).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    await act(async () => click('Confirm'));
    expect(await screen.findByText(messages.generic.unexpected)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => click('Confirm'));
    expect(onClose).toHaveBeenCalledTimes(1);
    const keys = pay.mock.calls.map(([, key]) => key);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('a new confirm after Back gets a fresh key', async () => {
    const pay = vi
      .fn<Pay>()
      .mockRejectedValueOnce(new ApiError(0, null))
      .mockResolvedValueOnce({ message: 'ok', Payouts: [] });
    renderModal(pay);
    type('Kiss FM Friday', '5');
    click('Next');
    await act(async () => click('Confirm'));
    click('Back');
    type('Kiss FM Friday', '6');
    click('Next');
    await act(async () => click('Confirm'));
    expect(pay.mock.calls.map(([amounts]) => amounts)).toEqual([
      { [promoId('Kiss FM Friday')]: '5.00' },
      { [promoId('Kiss FM Friday')]: '6.00' },
    ]);
    expect(pay.mock.calls[0]![1]).not.toBe(pay.mock.calls[1]![1]);
  });

  it.each(['Cancel', 'Escape'])('%s closes the dialog from either step', (how) => {
    const { onClose, pay } = renderModal();
    type('Kiss FM Friday', '5');
    click('Next');
    if (how === 'Escape') fireEvent.keyDown(document, { key: 'Escape' });
    else click('Cancel');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(pay).not.toHaveBeenCalled();
  });
});

describe('what Confirm may send', () => {
  it("alerts 'Please enter account balance values before proceeding.' for an empty amounts object", () => {
    expect(confirmablePayment({})).toEqual({ error: messages.validation.enterBalanceValues });
    expect(confirmablePayment({ A: '0', B: '' })).toEqual({ error: messages.validation.enterBalanceValues });
    expect(confirmablePayment({ A: '12.5', B: '0' })).toEqual({ amounts: { A: '12.50' } });
  });

  it('sends "123.45" strings computed in whole cents', () => {
    expect(amountsToSend({ A: '0.1', B: '0.2', C: '7.', D: '.05' })).toEqual({
      A: '0.10',
      B: '0.20',
      C: '7.00',
      D: '0.05',
    });
  });
});
