import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { messages } from '@shared/messages';
import { EntryForm } from '@web/features/play/components/EntryForm';
import { FakeWebSocket } from './fake-websocket';
import { json, stubFetch, type SeenRequest } from './fetch';

/**
 * The entry form's world in component tests (test/web/entry-form.test.tsx,
 * entry-page.test.tsx): the play API stubbed at fetch, the form at the app's
 * addresses, fake time moved on.
 */

/**
 * Every test of the file on fake time, quiet about the console errors the stubbed failures make, then
 * everything put back; `before` runs after the clock is faked (e.g. a tab's visibility).
 */
export function onFakeTimeEachTest(before: () => void = () => undefined): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    before();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

const DAILY_AMOUNTS = { DefaultAmountLRD: '100.00', DefaultAmountUSD: '0.50' };
export const PROMPT = 'Approve the 100.00 LRD payment prompt on your phone to get your ticket.';

/**
 * Routes requests like the play-and-pay API; each test overrides what it
 * needs. The page's socket is a FakeWebSocket a test may open and speak for
 * (`FakeWebSocket.latest()`); left unopened, the page follows by HTTP alone.
 */
export function api(
  overrides: Partial<
    Record<'amounts' | 'entry' | 'status', (request: SeenRequest) => Response | Promise<Response>>
  > = {},
) {
  const statusAnswers: Array<() => Response> = [];
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const stub = stubFetch((request) => {
    if (request.method === 'GET' && request.url.endsWith('/entry')) {
      return overrides.amounts?.(request) ?? json(200, DAILY_AMOUNTS);
    }
    if (request.method === 'POST' && request.url.endsWith('/entry')) {
      return overrides.entry?.(request) ?? json(202, { success: PROMPT, entry_id: 'ent_123', status: 'pending' });
    }
    if (request.url.startsWith('/api/v1/entries/')) {
      if (overrides.status) return overrides.status(request);
      return (statusAnswers.shift() ?? (() => json(200, { status: 'pending' })))();
    }
    return json(404, { error: 'Not found' });
  });
  return { ...stub, statusAnswers };
}

/** Lets pending fetches and React updates settle, and moves fake time on. */
export async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The form at the app's addresses (web/src/app/router.tsx): the game's page, and an entry's own page. */
export function Routed({ game, at = `/${game}` }: { game: 'daily-draw' | 'jackpot'; at?: string }) {
  const FormHere = () => <EntryForm game={game} entryId={useParams().entryId ?? null} />;
  return (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path={`/${game}`} element={<FormHere />} />
        <Route path={`/${game}/entry/:entryId`} element={<FormHere />} />
      </Routes>
    </MemoryRouter>
  );
}

export async function renderForm(game: 'daily-draw' | 'jackpot' = 'daily-draw') {
  render(<Routed game={game} />);
  await flush();
  return {
    mobile: screen.getByLabelText('Mobile money number') as HTMLInputElement,
    amount: screen.getByLabelText('Amount') as HTMLSelectElement,
    adult: screen.getByLabelText(messages.entryForm.adultLabel) as HTMLInputElement,
    submit: () => fireEvent.click(screen.getByRole('button', { name: /pay and enter|sending/i })),
  };
}

export const statusRequests = (requests: SeenRequest[]) => requests.filter((r) => r.url.startsWith('/api/v1/entries/'));
export const postRequests = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'POST');
