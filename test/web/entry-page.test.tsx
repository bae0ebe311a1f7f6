// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EntryFailure } from '@shared/api/schemas/play';
import { messages } from '@shared/messages';
import { ENTRY_POLL_INTERVAL_MS } from '@web/features/play/hooks/use-entry-status';
import { api, flush, postRequests, renderForm, statusRequests, onFakeTimeEachTest } from './support/entry-page';
import { json, offline } from './support/fetch';

/**
 * The entry page follows a payment to its end (issue 31, DESIGN section 4):
 * while pending it says what to approve on which number and for how long,
 * with a way out; a failure says why and what to do, and "Try again" keeps
 * the number; an offline submit or check is told as such.
 */
const EXPIRES_IN_MS = 90_000;
const MASKED = '2317****56';

/** A pending status answer as the API gives it (the number masked), expiring EXPIRES_IN_MS after `from`. */
const pendingAnswer = (from: number) =>
  json(200, {
    status: 'pending',
    expires_at: new Date(from + EXPIRES_IN_MS).toISOString(),
    amount: '1000.00',
    currency: 'LRD',
    masked_mobile_number: MASKED,
  });

type Form = Awaited<ReturnType<typeof renderForm>>;
async function submitValid(form: Form) {
  fireEvent.change(form.mobile, { target: { value: '0777 123 456' } });
  fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
  fireEvent.click(form.adult);
  form.submit();
  await flush();
}

/** The form is back: its fields as they are. */
const fields = () => ({
  mobile: (screen.getByLabelText('Mobile money number') as HTMLInputElement).value,
  amount: (screen.getByLabelText('Amount') as HTMLSelectElement).value,
});

const countdown = () => document.querySelector('[data-entry-countdown]')?.textContent;

onFakeTimeEachTest();

describe('a pending entry', () => {
  it('says what to approve on which number, counts down to 0, asks once more and then says the prompt expired', async () => {
    const submittedAt = Date.now();
    let answerLast: ((response: Response) => void) | undefined;
    const { requests } = api({
      status: () =>
        Date.now() < submittedAt + EXPIRES_IN_MS
          ? pendingAnswer(submittedAt)
          : new Promise<Response>((resolve) => {
              answerLast = resolve;
            }),
    });
    await submitValid(await renderForm());
    await flush(ENTRY_POLL_INTERVAL_MS);

    const status = screen.getByRole('status');
    expect(status.textContent).toContain(messages.entryForm.approvePrompt('1,000.00 LRD', MASKED));
    // the spinner stays, no longer alone
    expect(status.querySelector('[data-entry-phase="pending"] .spinner')).not.toBeNull();
    expect(countdown()).toBe('1:28');
    await flush(60_000);
    expect(countdown()).toBe('0:28');

    await flush(28_000);
    expect(countdown()).toBe('0:00');
    const checks = statusRequests(requests).length;
    // the check at the expiry itself is in flight; the countdown stays at 0
    expect(answerLast).toBeDefined();
    await flush(5_000);
    expect(countdown()).toBe('0:00');
    expect(statusRequests(requests)).toHaveLength(checks);

    answerLast!(pendingAnswer(submittedAt));
    await flush();
    expect(status.querySelector('[data-entry-phase="expired"]')?.textContent).toBe(messages.entryForm.promptExpired);
    expect(countdown()).toBeUndefined();
    await flush(ENTRY_POLL_INTERVAL_MS * 5);
    expect(statusRequests(requests)).toHaveLength(checks);

    // asked to try once more: the form comes back with what was sent
    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.tryAgain }));
    await flush();
    expect(fields()).toEqual({ mobile: '0777 123 456', amount: '100.00|LRD' });
  });

  it('"I did not get a prompt" opens advice, and "Start again" brings the form back with the number kept', async () => {
    const submittedAt = Date.now();
    const { requests } = api({ status: () => pendingAnswer(submittedAt) });
    await submitValid(await renderForm());
    await flush(ENTRY_POLL_INTERVAL_MS);

    const noPrompt = screen.getByRole('button', { name: messages.entryForm.noPrompt });
    expect(noPrompt.getAttribute('aria-expanded')).toBe('false');
    const advice = document.getElementById(noPrompt.getAttribute('aria-controls')!)!;
    expect(advice.hidden).toBe(true);
    fireEvent.click(noPrompt);
    expect(noPrompt.getAttribute('aria-expanded')).toBe('true');
    expect(advice.hidden).toBe(false);
    for (const line of messages.entryForm.noPromptAdvice) expect(advice.textContent).toContain(line);

    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.startAgain }));
    await flush();
    expect(fields()).toEqual({ mobile: '0777 123 456', amount: '100.00|LRD' });
    expect(screen.getByRole('button', { name: /pay and enter/i })).toBeTruthy();
    // nothing sent again, and the old entry is no longer followed here
    const checks = statusRequests(requests).length;
    await flush(ENTRY_POLL_INTERVAL_MS * 3);
    expect(statusRequests(requests)).toHaveLength(checks);
    expect(postRequests(requests)).toHaveLength(1);
  });

  it('says it is offline and still following when a check gets no answer, and goes on', async () => {
    const submittedAt = Date.now();
    const { statusAnswers } = api();
    statusAnswers.push(
      () => pendingAnswer(submittedAt),
      () => offline() as unknown as Response,
      () => json(200, { status: 'paid', ticket_number: 'T-9' }),
    );
    await submitValid(await renderForm());
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(screen.queryByText(messages.entryForm.offlineFollowing)).toBeNull();
    // the next ask, 4 s later (each waits twice as long while the socket is not open)
    await flush(ENTRY_POLL_INTERVAL_MS * 2);
    expect(screen.getByText(messages.entryForm.offlineFollowing)).toBeTruthy();
    // the countdown and the way out stay while offline
    expect(countdown()).toBe('1:24');
    await flush(ENTRY_POLL_INTERVAL_MS * 4);
    expect(screen.getByText('T-9')).toBeTruthy();
    expect(screen.queryByText(messages.entryForm.offlineFollowing)).toBeNull();
  });
});

describe('a failed entry', () => {
  it.each([
    'no-wallet',
    'declined',
    'expired',
    'not-enough-funds',
    'failed',
  ] satisfies EntryFailure[])('says why (%s) and what to do, and "Try again" keeps the number and amount', async (code) => {
    const { statusAnswers } = api();
    statusAnswers.push(() => json(200, { status: 'failed', reason: 'x', reason_code: code }));
    await submitValid(await renderForm());
    await flush(ENTRY_POLL_INTERVAL_MS);
    const failed = screen.getByRole('status').querySelector(`[data-entry-failure="${code}"]`);
    expect(failed?.textContent).toContain(messages.entry.failure[code]);
    expect(failed?.textContent).toContain(messages.entry.advice[code]);
    expect(screen.queryByRole('button', { name: messages.entryForm.buyAnother })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.tryAgain }));
    await flush();
    expect(fields()).toEqual({ mobile: '0777 123 456', amount: '100.00|LRD' });
  });
});

describe('a submit with no answer', () => {
  it.each([
    [
      'fetch gets no answer though the browser is online: the entry may have been taken',
      (): unknown => undefined,
      messages.entryForm.noAnswer,
    ],
    [
      'the browser says it is offline: nothing was sent',
      (): unknown => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false),
      messages.entryForm.notSent,
    ],
  ])('says what happens when %s, not "Payment failed"', async (_, goOffline, told) => {
    const { requests } = api({ entry: () => offline() as unknown as Response });
    const form = await renderForm();
    goOffline();
    await submitValid(form);
    expect(screen.getByRole('alert').textContent).toBe(told);
    expect(screen.getByRole('button', { name: /pay and enter/i }).hasAttribute('disabled')).toBe(false);
    await flush(ENTRY_POLL_INTERVAL_MS * 2);
    expect(statusRequests(requests)).toHaveLength(0);
  });
});
