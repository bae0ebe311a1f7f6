// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { TicketVerification } from '@web/features/verify/components/TicketVerification';
import { json, never, offline, stubFetch } from './support/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function card(name: 'Daily Draw ticket' | 'Jackpot ticket') {
  const form = screen.getByRole('form', { name });
  return {
    form,
    input: within(form).getByLabelText('Ticket number'),
    submit: () => fireEvent.click(within(form).getByRole('button', { name: /verify ticket/i })),
    result: () => form.querySelector('.verify-result'),
  };
}

async function resultOf(name: 'Daily Draw ticket' | 'Jackpot ticket') {
  const form = screen.getByRole('form', { name });
  await within(form).findByText((_, element) => element?.classList.contains('verify-result') ?? false);
  return form.querySelector('.verify-result') as HTMLElement;
}

describe('ticket verification widget', () => {
  it('shows two cards, one per game', () => {
    stubFetch(() => never());
    render(<TicketVerification />);
    expect(screen.getAllByRole('form').map((form) => form.getAttribute('aria-labelledby') && form)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Daily Draw ticket' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Jackpot ticket' })).toBeTruthy();
  });

  it('ignores empty and whitespace-only input', () => {
    const { requests } = stubFetch(() => json(200, { isWinner: true, message: 'x' }));
    render(<TicketVerification />);
    const daily = card('Daily Draw ticket');
    daily.submit();
    fireEvent.change(daily.input, { target: { value: '   \t ' } });
    daily.submit();
    fireEvent.submit(daily.form);
    expect(requests).toHaveLength(0);
    expect(daily.result()).toBeNull();
  });

  it('posts the trimmed ticket number to the daily path with the CSRF header', async () => {
    const { requests } = stubFetch(() =>
      json(200, { isWinner: false, message: 'Valid ticket, waiting for the draw.' }),
    );
    render(<TicketVerification />);
    const daily = card('Daily Draw ticket');
    fireEvent.change(daily.input, { target: { value: '  DD-7K2M9Q  ' } });
    daily.submit();
    await resultOf('Daily Draw ticket');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/v1/daily-draw/ticket/verification',
      method: 'POST',
      credentials: 'same-origin',
      body: { ticket_number: 'DD-7K2M9Q' },
    });
    expect(requests[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it("shows the three looks the answer's outcome picks: won green ★, waiting neutral without ✕, lost and unknown red ✕", async () => {
    const looks = [
      { outcome: 'won', isWinner: true, modifier: 'verify-result--winner', icon: '★' },
      { outcome: 'waiting', isWinner: false, modifier: 'verify-result--waiting', icon: '●' },
      { outcome: 'lost', isWinner: false, modifier: 'verify-result--other', icon: '✕' },
      { outcome: 'unknown', isWinner: false, modifier: 'verify-result--other', icon: '✕' },
    ];
    for (const look of looks) {
      stubFetch(() => json(200, { isWinner: look.isWinner, outcome: look.outcome, message: `Answer ${look.outcome}` }));
      render(<TicketVerification />);
      const daily = card('Daily Draw ticket');
      fireEvent.change(daily.input, { target: { value: '4821-0937-5516-23' } });
      daily.submit();
      const result = await resultOf('Daily Draw ticket');
      expect(result.dataset.outcome).toBe(look.outcome);
      expect(result.className).toBe(`verify-result ${look.modifier}`);
      expect(result.textContent).toBe(`${look.icon}Answer ${look.outcome}`);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('shows a winner in green with the server message', async () => {
    stubFetch(() => json(200, { isWinner: true, message: 'Winner! 10,000.00 LRD on Dec 1, 2024.' }));
    render(<TicketVerification />);
    const jackpot = card('Jackpot ticket');
    fireEvent.change(jackpot.input, { target: { value: 'JP-1' } });
    jackpot.submit();
    const result = await resultOf('Jackpot ticket');
    expect(result.textContent).toContain('Winner! 10,000.00 LRD on Dec 1, 2024.');
    expect(result.dataset.outcome).toBe('won');
    expect(result.classList.contains('verify-result--winner')).toBe(true);
    expect(card('Daily Draw ticket').result()).toBeNull();
  });

  it('shows any other answer in red', async () => {
    stubFetch(() => json(200, { isWinner: false, message: 'This ticket did not win.' }));
    render(<TicketVerification />);
    const daily = card('Daily Draw ticket');
    fireEvent.change(daily.input, { target: { value: 'DD-2' } });
    daily.submit();
    const result = await resultOf('Daily Draw ticket');
    expect(result.textContent).toContain('This ticket did not win.');
    expect(result.dataset.outcome).toBe('lost');
    expect(result.classList.contains('verify-result--other')).toBe(true);
  });

  it("says 'Ticket validated.' when the answer has no message", async () => {
    stubFetch(() => json(200, { isWinner: false, message: '' }));
    render(<TicketVerification />);
    const daily = card('Daily Draw ticket');
    fireEvent.change(daily.input, { target: { value: 'DD-3' } });
    daily.submit();
    expect((await resultOf('Daily Draw ticket')).textContent).toContain(messages.ticket.validated);
  });

  it('shows the daily failure text in red when the request fails', async () => {
    stubFetch(() => offline());
    render(<TicketVerification />);
    const daily = card('Daily Draw ticket');
    fireEvent.change(daily.input, { target: { value: 'DD-4' } });
    daily.submit();
    const result = await resultOf('Daily Draw ticket');
    expect(result.textContent).toContain(messages.ticket.dailyFailed);
    expect(result.dataset.outcome).toBe('unknown');
  });

  it('shows the jackpot failure text, with the server reason when it gives one', async () => {
    stubFetch(() => json(429, { error: 'Too many checks. Try again in a minute.' }));
    render(<TicketVerification />);
    const jackpot = card('Jackpot ticket');
    fireEvent.change(jackpot.input, { target: { value: 'JP-5' } });
    jackpot.submit();
    const result = await resultOf('Jackpot ticket');
    expect(result.textContent).toContain(messages.ticket.jackpotFailed);
    expect(result.textContent).toContain('Too many checks. Try again in a minute.');
    expect(result.dataset.outcome).toBe('unknown');
  });

  it('reads a server error without a body as a failure', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    render(<TicketVerification />);
    const jackpot = card('Jackpot ticket');
    fireEvent.change(jackpot.input, { target: { value: 'JP-6' } });
    jackpot.submit();
    const result = await resultOf('Jackpot ticket');
    expect(result.textContent).toBe(`✕${messages.ticket.jackpotFailed}`);
  });
});
