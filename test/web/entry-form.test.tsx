// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import {
  ENTRY_FOLLOW_LIMIT_MS,
  ENTRY_POLL_INTERVAL_MS,
  ENTRY_POLL_MAX_MS,
} from '@web/features/play/hooks/use-entry-status';
import {
  api,
  flush,
  postRequests,
  PROMPT,
  renderForm,
  Routed,
  statusRequests,
  onFakeTimeEachTest,
} from './support/entry-page';
import { json, offline, stubFetch } from './support/fetch';

onFakeTimeEachTest();

describe('entry form', () => {
  it('offers the amounts the API returns, after the placeholder', async () => {
    const { requests } = api();
    const form = await renderForm();
    expect(requests[0]).toMatchObject({ url: '/api/v1/daily-draw/entry', method: 'GET' });
    const options = within(form.amount).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Select a currency', ''],
      ['100.00 LRD', '100.00|LRD'],
      ['0.50 USD', '0.50|USD'],
    ]);
  });

  it('asks the jackpot endpoint on the jackpot page', async () => {
    const { requests } = api({ amounts: () => json(200, { DefaultAmountLRD: '200.00', DefaultAmountUSD: '1.00' }) });
    const form = await renderForm('jackpot');
    expect(requests[0]!.url).toBe('/api/v1/jackpot/entry');
    expect(within(form.amount).getByRole('option', { name: '200.00 LRD' })).toBeTruthy();
  });

  it('leaves the list empty when the amounts cannot be loaded', async () => {
    api({ amounts: () => offline() });
    const form = await renderForm();
    expect(
      within(form.amount)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a currency']);
    expect(console.error).toHaveBeenCalled();
  });

  it("refuses an incomplete form with 'Please fill out all fields.' and sends nothing", async () => {
    const { requests } = api();
    const form = await renderForm();
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.fillOutAllFields);

    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.fillOutAllFields);

    fireEvent.change(form.mobile, { target: { value: '   ' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.fillOutAllFields);
    expect(postRequests(requests)).toHaveLength(0);
  });

  it('refuses a number that is not a Liberian mobile number', async () => {
    const { requests } = api();
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0612345678' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe(INVALID_MOBILE_NUMBER);
    expect(postRequests(requests)).toHaveLength(0);
  });

  it("moves to the entry's own address; opened again there (reload, Back/Forward, a reopened tab) it follows the same entry to its ticket, sending nothing", async () => {
    const { requests, statusAnswers } = api();
    statusAnswers.push(() => json(200, { status: 'pending' }));
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    expect(screen.getByText(PROMPT)).toBeTruthy();
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(requests).map((r) => r.url)).toEqual(['/api/v1/entries/ent_123']);
    cleanup();

    // the page reloaded at /daily-draw/entry/ent_123 (the address the form moved to)
    const reloaded = api();
    reloaded.statusAnswers.push(() => json(200, { status: 'paid', ticket_number: 'DD-7K2M-9QX4' }));
    render(<Routed game="daily-draw" at="/daily-draw/entry/ent_123" />);
    await flush();
    expect(screen.queryByRole('button', { name: /pay and enter/i })).toBeNull();
    expect(screen.getByText(messages.entryForm.following)).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(reloaded.requests).map((r) => r.url)).toEqual(['/api/v1/entries/ent_123']);
    expect(screen.getByText('DD-7K2M-9QX4')).toBeTruthy();
    expect(postRequests(reloaded.requests)).toHaveLength(0);
  });

  it('sends the entry, shows the API success text, follows it (by HTTP while its socket is not open: after 2 s, then 4 s) and shows the ticket number', async () => {
    const { requests, statusAnswers } = api();
    statusAnswers.push(
      () => json(200, { status: 'pending' }),
      () => json(200, { status: 'paid', ticket_number: 'DD-7K2M-9QX4' }),
    );
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '+231 777 123 456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();

    const [post] = postRequests(requests);
    expect(post).toMatchObject({
      url: '/api/v1/daily-draw/entry',
      credentials: 'same-origin',
      body: { mobile_number: '231777123456', amount: '100.00|LRD' },
    });
    expect(post!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(screen.getByText(PROMPT)).toBeTruthy();
    expect(screen.getByText(/waiting for your payment/i)).toBeTruthy();
    // the form gave way to its result: no second "Pay and enter" one tap away, no "Buy another ticket" while it is followed
    expect(screen.queryByRole('button', { name: /pay and enter/i })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.entryForm.buyAnother })).toBeNull();

    await flush(ENTRY_POLL_INTERVAL_MS - 1);
    expect(statusRequests(requests)).toHaveLength(0);
    await flush(1);
    expect(statusRequests(requests).map((r) => r.url)).toEqual(['/api/v1/entries/ent_123']);
    expect(screen.queryByText('DD-7K2M-9QX4')).toBeNull();

    // issue 32: each ask waits twice as long as the last
    await flush(ENTRY_POLL_INTERVAL_MS * 2 - 1);
    expect(statusRequests(requests)).toHaveLength(1);
    await flush(1);
    expect(statusRequests(requests)).toHaveLength(2);
    expect(screen.getByText('DD-7K2M-9QX4').closest('[data-entry-phase]')?.getAttribute('data-entry-phase')).toBe(
      'paid',
    );

    // Paid: no more checks, the prompt note gone, and a fresh form on request.
    await flush(ENTRY_POLL_INTERVAL_MS * 5);
    expect(statusRequests(requests)).toHaveLength(2);
    expect(screen.queryByText(PROMPT)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.buyAnother }));
    await flush();
    expect(screen.queryByText('DD-7K2M-9QX4')).toBeNull();
    expect(screen.getByRole('button', { name: /pay and enter/i }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the failure reason when the payment fails', async () => {
    const { requests, statusAnswers } = api();
    statusAnswers.push(() => json(200, { status: 'failed', reason: 'Declined.', reason_code: 'declined' }));
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0886123456' } });
    fireEvent.change(form.amount, { target: { value: '0.50|USD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    await flush(ENTRY_POLL_INTERVAL_MS);
    const failed = screen.getByRole('status');
    // the page says the code's words, whatever text came with it
    expect(failed.querySelector('[data-entry-phase="failed"]')?.textContent).toContain(
      'The payment was declined on the phone.',
    );
    // the stale "approve the prompt" note does not stay above the failure
    expect(failed.textContent).not.toContain(PROMPT);
    await flush(ENTRY_POLL_INTERVAL_MS * 3);
    expect(statusRequests(requests)).toHaveLength(1);
  });

  it("says 'Payment failed. Please try again later.' when the provider refuses the prompt after the entry was taken", async () => {
    const { requests, statusAnswers } = api();
    statusAnswers.push(() =>
      json(200, { status: 'failed', reason: messages.entry.failure.refused, reason_code: 'refused' }),
    );
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0886123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    expect(screen.getByText(PROMPT)).toBeTruthy();
    await flush(ENTRY_POLL_INTERVAL_MS);
    // as when the refusal came with the answer: the one failure text, then what to do; the prompt text gone
    const refused = screen.getByRole('status').querySelector('[data-entry-phase="refused"]');
    expect(refused?.querySelector('.entry-result__words')?.textContent).toBe(messages.entry.paymentFailed);
    expect(refused?.textContent).toContain(messages.entry.advice.refused);
    expect(screen.queryByText(PROMPT)).toBeNull();
    // not paid: "Try again" (the number kept: test/web/entry-page.test.tsx), never "Buy another ticket"
    expect(screen.queryByRole('button', { name: messages.entryForm.buyAnother })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.tryAgain }));
    await flush();
    expect(screen.getByRole('button', { name: /pay and enter/i }).hasAttribute('disabled')).toBe(false);
    await flush(ENTRY_POLL_INTERVAL_MS * 3);
    expect(statusRequests(requests)).toHaveLength(1);
  });

  it('keeps following through a failed check', async () => {
    const { statusAnswers } = api();
    statusAnswers.push(
      () => new Response('', { status: 503 }),
      () => json(200, { status: 'paid', ticket_number: 'T-2' }),
    );
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0555123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(screen.queryByText('T-2')).toBeNull();
    await flush(ENTRY_POLL_INTERVAL_MS * 2);
    expect(screen.getByText('T-2')).toBeTruthy();
  });

  it('stops following after 10 minutes and says the ticket will come by SMS', async () => {
    const { requests } = api();
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    await flush(ENTRY_FOLLOW_LIMIT_MS);
    const checks = statusRequests(requests).length;
    // asked at 2, 6, 14 and 30 s, then every 30 s (ENTRY_POLL_MAX_MS) up to 9:30 — not every 2 s (issue 32)
    expect(ENTRY_POLL_MAX_MS).toBe(30_000);
    expect(checks).toBe(4 + (ENTRY_FOLLOW_LIMIT_MS - 60_000) / ENTRY_POLL_MAX_MS);
    expect(screen.getByText(/will reach you by\s+SMS/)).toBeTruthy();
    await flush(ENTRY_POLL_INTERVAL_MS * 10);
    expect(statusRequests(requests)).toHaveLength(checks);
  });

  it("shows the API's error text when it refuses the entry", async () => {
    const refusal = 'You have 3 payment requests waiting. Approve or wait 10 minutes.';
    const { requests } = api({ entry: () => json(429, { error: refusal }) });
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    await flush(ENTRY_POLL_INTERVAL_MS * 2);
    expect(statusRequests(requests)).toHaveLength(0);
  });

  it('shows an error text the API answers with status 200', async () => {
    api({ entry: () => json(200, { error: 'Amount not offered.' }) });
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Amount not offered.');
  });

  it.each([
    ['the server fails', () => json(500, { error: 'Something went wrong on our side. Please try again.' })],
    ['the endpoint is missing', () => json(404, { error: 'Not found' })],
  ])("says 'Payment failed. Please try again later.' when %s", async (_, answer) => {
    api({ entry: answer });
    const form = await renderForm();
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(messages.entry.paymentFailed);
    expect(screen.getByRole('button', { name: /pay and enter/i }).hasAttribute('disabled')).toBe(false);
  });
});

describe('entry form on a phone (phone-first result, 18+)', () => {
  const fillValid = (form: Awaited<ReturnType<typeof renderForm>>) => {
    fireEvent.change(form.mobile, { target: { value: '0777123456' } });
    fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
  };

  it('refuses to enter without the 18+ confirmation, says why, and sends nothing', async () => {
    const { requests } = api();
    const form = await renderForm();
    fillValid(form);
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.entryForm.adultRequired);
    expect(form.adult.getAttribute('aria-invalid')).toBe('true');
    expect(form.adult.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(form.adult);
    expect(postRequests(requests)).toHaveLength(0);

    fireEvent.click(form.adult);
    expect(screen.queryByRole('alert')).toBeNull();
    form.submit();
    await flush();
    expect(postRequests(requests)).toHaveLength(1);
  });

  it('puts the result in a live region, moves focus to it and scrolls it into view', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    api();
    const form = await renderForm();
    const live = screen.getByRole('status');
    expect(live.textContent).toBe('');
    fillValid(form);
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    // the same live region, present before the result came, now holds it
    expect(screen.getByRole('status')).toBe(live);
    expect(live.textContent).toContain(PROMPT);
    expect(live.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: messages.entryForm.resultHeading }).id,
    );
    expect(document.activeElement).toBe(live);
    expect(scrolled.at(-1)?.contains(live)).toBe(true);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the ticket number as the SMS does, and "Buy another ticket" brings an empty form', async () => {
    const { statusAnswers } = api();
    statusAnswers.push(() => json(200, { status: 'paid', ticket_number: '67415745994686' }));
    const form = await renderForm();
    fillValid(form);
    fireEvent.click(form.adult);
    form.submit();
    await flush();
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(screen.getByRole('status').querySelector('.ticket-number')?.textContent).toBe('6741-5745-9946-86');

    fireEvent.click(screen.getByRole('button', { name: messages.entryForm.buyAnother }));
    await flush();
    const fresh = {
      mobile: screen.getByLabelText('Mobile money number') as HTMLInputElement,
      amount: screen.getByLabelText('Amount') as HTMLSelectElement,
      adult: screen.getByLabelText(messages.entryForm.adultLabel) as HTMLInputElement,
    };
    expect([fresh.mobile.value, fresh.amount.value, fresh.adult.checked]).toEqual(['', '', false]);
    expect(document.activeElement).toBe(fresh.mobile);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('entry amount labels', () => {
  beforeEach(() => vi.useRealTimers());

  it('shows amounts with thousands separators and 2 decimals, and sends them back as given', async () => {
    const { requests } = stubFetch((request) =>
      request.method === 'GET'
        ? json(200, { DefaultAmountLRD: '1000', DefaultAmountUSD: '5.5' })
        : json(201, { success: 'ok', entry_id: 'e1' }),
    );
    render(<Routed game="jackpot" />);
    const amount = (await screen.findByRole('option', { name: '1,000.00 LRD' })).closest('select')!;
    expect(within(amount).getByRole('option', { name: '5.50 USD' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0777123456' } });
    fireEvent.change(amount, { target: { value: '5.5|USD' } });
    fireEvent.click(screen.getByLabelText(messages.entryForm.adultLabel));
    fireEvent.click(screen.getByRole('button', { name: /pay and enter/i }));
    await screen.findByText('ok');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      mobile_number: '231777123456',
      amount: '5.5|USD',
    });
  });
});
