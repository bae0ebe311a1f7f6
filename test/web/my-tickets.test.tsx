// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myTicketsMessages } from '@shared/my-tickets';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import { MyTicketsPage } from '@web/features/my-tickets/components/MyTicketsPage';
import { json, stubFetch, type SeenRequest } from './support/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = {
  mobile_number: '2317*****01',
  session_ends_at: '2026-11-24T21:30:00.000Z',
  tickets: [] as unknown[],
  pending: [] as unknown[],
};

/** The API as the page meets it: `answers` by method and path, 401 for the list until a code was accepted. */
function api(answers: Record<string, (request: SeenRequest) => Response> = {}) {
  let signedIn = false;
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://site').pathname;
    const own = answers[`${request.method} ${path}`];
    if (own) return own(request);
    if (path === '/api/v1/my-tickets/session') signedIn = true;
    if (path === '/api/v1/my-tickets/sign-out') signedIn = false;
    if (request.method === 'GET')
      return signedIn ? json(200, LIST) : json(401, { error: myTicketsMessages.notSignedIn });
    return json(200, { message: path.endsWith('/code') ? myTicketsMessages.codeSent : 'ok' });
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <MyTicketsPage />
    </MemoryRouter>,
  );
}

async function askCode(number: string) {
  fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('My tickets page', () => {
  it('asks for the number without a session, refuses a bad one on the page, and sends the code request with the CSRF header', async () => {
    const { requests } = api();
    renderPage();
    await askCode('12345');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_MOBILE_NUMBER);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await askCode('0777 123 401');
    const code = await screen.findByLabelText('Code from the SMS');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    // focus moves in an effect after the form is drawn, so it may land a tick after the field appears
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByRole('status').textContent).toContain(myTicketsMessages.codeSent);
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post).toMatchObject({ url: '/api/v1/my-tickets/code', body: { mobile_number: '231777123401' } });
    expect(post.headers.get('X-Requested-With')).toBeTruthy();
  });

  it.each([
    [400, myTicketsMessages.wrongCode(2)],
    [400, myTicketsMessages.expiredCode],
    [400, myTicketsMessages.tooManyTries],
    [429, myTicketsMessages.triesPerAddress],
  ])('says the refusal of a code on the form (%i %s)', async (status, error) => {
    api({ 'POST /api/v1/my-tickets/session': () => json(status, { error }) });
    renderPage();
    await askCode('0777123401');
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my tickets' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
  });

  it('shows the empty state, a payment still to come with its entry page, and signs out', async () => {
    const pending = {
      entry_id: 'e1',
      game: 'Daily',
      amount: '100.00 LRD',
      created_at: '2026-11-24T20:00:00.000Z',
      entry_page: '/daily-draw/entry/e1',
    };
    const { requests } = api({ 'GET /api/v1/my-tickets': () => json(200, { ...LIST, pending: [pending] }) });
    renderPage();
    expect((await screen.findByRole('link', { name: 'Follow this payment' })).getAttribute('href')).toBe(
      '/daily-draw/entry/e1',
    );
    expect(screen.getByText(myTicketsMessages.noTickets)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(myTicketsMessages.signedOut)).toBeTruthy();
    const signOut = requests.find((request) => request.url === '/api/v1/my-tickets/sign-out')!;
    expect(signOut.method).toBe('POST');
    expect(signOut.headers.get('X-Requested-With')).toBeTruthy();
  });

  it('says "No tickets yet for this number" when the number has nothing', async () => {
    api({ 'GET /api/v1/my-tickets': () => json(200, LIST) });
    renderPage();
    expect((await screen.findByText(myTicketsMessages.noTickets)).className).toContain('notice');
  });
});
