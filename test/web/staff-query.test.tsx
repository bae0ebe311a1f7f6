// @vitest-environment jsdom
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutRecordView, PayoutsPage } from '@shared/api/schemas/payouts';
import { topicEvents, topicNames } from '@shared/topics';
import { PAYOUTS_TOPIC, payoutsQuery } from '@web/features/payouts/api/payouts';
import { assignablePromotionsQuery, promotionsQuery } from '@web/features/catalog/api/promotions';
import { reportQuery } from '@web/features/reports/api/reports';
import { PayoutsScreen } from '@web/features/payouts/screens/PayoutsScreen';
import { ApiError } from '@web/lib/api-client';
import { replaceQueryData, staffQueryClient, topicQueryKey } from '@web/lib/staff-query';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket, setTabVisibility } from './support/fake-websocket';
import { json, never } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';
import { render } from './support/staff-render';

/**
 * The staff portals' data layer (web/src/lib/staff-query.tsx): TanStack
 * Query with each read's `queryOptions` in its api file, and live topics
 * writing into the same cache.
 */

interface Call<T> {
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A fetcher whose every call waits until the test answers it. */
function controlledFetcher<T>() {
  const calls: Call<T>[] = [];
  const fetcher = ({ signal }: { signal: AbortSignal }) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { fetcher, calls };
}

/** Lets the settled promises' callbacks run inside act. */
const settle = (run: () => void) =>
  act(async () => {
    run();
    await Promise.resolve();
    await Promise.resolve();
  });

useScreenEnvironment({ sounds: false });

describe('the staff query cache', () => {
  it('never lets an older answer overwrite a newer one (refetch, then the first answer comes last)', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    function WithRefetch() {
      const { data, refetch } = useQuery({ queryKey: ['refetch-order'], queryFn: fetcher });
      return (
        <button type="button" onClick={() => void refetch()}>
          {data ?? 'none'}
        </button>
      );
    }
    render(<WithRefetch />);
    // (before a first answer, a refetch joins the request on its way: TanStack Query cancels only to replace an answer)
    await settle(() => calls[0]!.resolve('first'));
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(calls).toHaveLength(3);
    expect(calls[1]!.signal.aborted).toBe(true);
    await settle(() => calls[2]!.resolve('newer'));
    await settle(() => calls[1]!.resolve('older'));
    expect(screen.getByRole('button').textContent).toBe('newer');
  });

  it('asks nothing when disabled', () => {
    const { fetcher, calls } = controlledFetcher<string>();
    function Off() {
      const { data } = useQuery({ queryKey: ['off'], queryFn: fetcher, enabled: false });
      return <p>{`off: ${data ?? 'none'}`}</p>;
    }
    render(<Off />);
    expect(calls).toHaveLength(0);
    expect(screen.getByText('off: none')).toBeTruthy();
  });

  it('lets a screen set the value (a page loaded more, a live change), dropping a request still on its way', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    function Setter() {
      const client = useQueryClient();
      const { data } = useQuery({ queryKey: ['set'], queryFn: fetcher });
      return (
        <button
          type="button"
          onClick={() => void replaceQueryData<['set'], string>(client, ['set'], (current) => `${current ?? ''}+set`)}
        >
          {data ?? 'none'}
        </button>
      );
    }
    render(<Setter />);
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('+set');
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.resolve('older answer'));
    expect(screen.getByRole('button').textContent).toBe('+set');
  });

  it('asks again, keeping the value shown, when its key is invalidated (a live figure the read depends on changed)', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    function Reader() {
      const { data, isFetching } = useQuery({ queryKey: ['invalidated'], queryFn: fetcher });
      return <p>{`data: ${data ?? 'none'}${isFetching ? ' (loading)' : ''}`}</p>;
    }
    render(<Reader />);
    await settle(() => calls[0]!.resolve('first'));
    expect(screen.getByText('data: first')).toBeTruthy();
    await act(async () => void staffQueryClient.invalidateQueries({ queryKey: ['invalidated'] }));
    expect(calls).toHaveLength(2);
    expect(screen.getByText('data: first (loading)')).toBeTruthy();
    await settle(() => calls[1]!.resolve('second'));
    expect(screen.getByText('data: second')).toBeTruthy();
  });

  it('keeps a failed read as the ApiError its fetcher threw, beside the last answer, and logs it when the read names a log line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetcher, calls } = controlledFetcher<string>();
    function Reader() {
      const { data, error, refetch } = useQuery({
        queryKey: ['failing'],
        queryFn: fetcher,
        meta: { failureLog: 'Could not load it' },
      });
      const failure = error instanceof ApiError ? ` [ApiError ${error.status} ${error.serverMessage}]` : '';
      return <button type="button" onClick={() => void refetch()}>{`data: ${data ?? 'none'}${failure}`}</button>;
    }
    render(<Reader />);
    await settle(() => calls[0]!.resolve('first'));
    act(() => screen.getByRole('button').click());
    await settle(() => calls[1]!.reject(new ApiError(403, 'No access')));
    expect(screen.getByRole('button').textContent).toBe('data: first [ApiError 403 No access]');
    expect(logged).toHaveBeenCalledWith('Could not load it', expect.any(ApiError));
  });
});

describe('keys come from the queryOptions of each api file', () => {
  it('names each read by its api file, so two screens reading one thing share one entry', () => {
    expect(reportQuery('a1', 'day', '2026-11-25').queryKey).toEqual(['report', 'a1', 'day', '2026-11-25']);
    expect(promotionsQuery('a1').queryKey).toEqual(['promotions', 'a1']);
    expect(assignablePromotionsQuery('a1').queryKey).not.toEqual(promotionsQuery('a1').queryKey);
    expect(payoutsQuery('a1', { status: 'failed' }).queryKey).toEqual(['payouts', 'a1', 'failed', '']);
    expect(payoutsQuery('a1', {}).queryKey).toEqual(['payouts', 'a1', '', '']);
  });

  it('polls the assignment dialog’s promotions every second, pauses while the tab is hidden and asks at once when it shows again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let asked = 0;
    function Options() {
      const { data } = useQuery({
        ...assignablePromotionsQuery('poll'),
        queryFn: async () => [{ ID: `answer ${++asked}` }] as never,
      });
      return <p>{`data: ${(data as { ID: string }[] | undefined)?.[0]?.ID ?? 'none'}`}</p>;
    }
    render(<Options />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: answer 1')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('data: answer 2')).toBeTruthy();

    act(() => setTabVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(asked).toBe(2);

    act(() => setTabVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: answer 3')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('data: answer 4')).toBeTruthy();
  });

  it('keeps polling after a failure (the next tick asks again)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let asked = 0;
    function Options() {
      const { data, error } = useQuery({
        ...assignablePromotionsQuery('poll-fail'),
        refetchInterval: 2000,
        queryFn: async () => {
          asked += 1;
          if (asked === 1) throw new ApiError(0, null);
          return [{ ID: `answer ${asked}` }] as never;
        },
      });
      const failure = error instanceof ApiError ? ` [ApiError ${error.status} ${error.serverMessage}]` : '';
      return <p>{`data: ${(data as { ID: string }[] | undefined)?.[0]?.ID ?? 'none'}${failure}`}</p>;
    }
    render(<Options />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: none [ApiError 0 null]')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('data: answer 2')).toBeTruthy();
  });
});

const aPayout = (overrides: Partial<PayoutRecordView> = {}): PayoutRecordView => ({
  ID: 'po-1',
  Kind: 'partner',
  Payee: 'Kiss FM',
  MobileNumber: '231770000001',
  Promotion: 'Friday Draw',
  Amount: '50.00',
  Status: 'pending',
  StartedAt: '2026-11-26T09:00:00.000Z',
  Retryable: false,
  ...overrides,
});

const payoutsEvent = (rows: PayoutRecordView[]) => ({
  topic: topicNames.adminPayouts,
  ...topicEvents('adminPayouts').payouts({ Payouts: rows }),
});

describe('a topic writing into the cache (admin/payouts on the Payouts screen)', () => {
  it('updates the cached pages and the screen when an event comes', async () => {
    const page: PayoutsPage = { Payouts: [aPayout()] };
    renderAdminScreen(<PayoutsScreen />, { adminId: 'a1', responder: () => json(200, page) });
    const socket = openLatestSocket();
    const status = () => document.querySelector('[data-payout="po-1"] .payout-status')?.textContent;
    await waitFor(() => expect(status()).toBe('Pending'));

    act(() => socket.serverSend(payoutsEvent([aPayout({ Status: 'failed', Reason: 'PAYEE_NOT_FOUND' })])));
    expect(status()).toBe('Failed');
    expect(screen.getByText('PAYEE_NOT_FOUND')).toBeTruthy();
    // the event is in the cache itself: any reader of the key sees it
    const cached = staffQueryClient.getQueryData(payoutsQuery('a1', {}).queryKey);
    expect(cached?.Payouts.map((row) => row.Status)).toEqual(['failed']);
    expect(staffQueryClient.getQueryData(topicQueryKey(PAYOUTS_TOPIC.name))).toBeTruthy();
  });

  it('folds the latest events into an answer that lands after them', async () => {
    let answer: (response: Response) => void = () => {};
    renderAdminScreen(<PayoutsScreen />, {
      adminId: 'a1',
      responder: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const socket = openLatestSocket();
    const newer = aPayout({ ID: 'po-2', Payee: 'ELBC Radio', StartedAt: '2026-11-26T10:00:00.000Z' });
    act(() => socket.serverSend(payoutsEvent([newer])));
    expect(screen.getByText('Loading payouts…')).toBeTruthy();
    await act(async () => answer(json(200, { Payouts: [aPayout()] })));
    expect(await screen.findByText('ELBC Radio')).toBeTruthy();
    expect(screen.getByText('Kiss FM')).toBeTruthy();
  });

  it('shows a failed read’s error instead of the list', async () => {
    renderAdminScreen(<PayoutsScreen />, { adminId: 'a1', responder: () => json(500, { error: 'Payouts are down' }) });
    openLatestSocket();
    expect(await screen.findByText('Payouts are down')).toBeTruthy();
    expect(screen.queryByText('Loading payouts…')).toBeNull();
  });

  it('shows the loading state while the first page is on its way', () => {
    renderAdminScreen(<PayoutsScreen />, { adminId: 'a1', responder: () => never() });
    expect(screen.getByText('Loading payouts…')).toBeTruthy();
  });
});
