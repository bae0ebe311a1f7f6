// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topicEvents, topicRef } from '@shared/topics';
import { useLiveQuery } from '@web/hooks/use-live-query';
import { type Fetcher, type QueryOptions, useQuery } from '@web/hooks/use-query';
import { ApiError } from '@web/lib/api-client';
import { RealtimeConnection } from '@web/lib/realtime';
import { FakeWebSocket, setTabVisibility } from './support/fake-websocket';

/**
 * The web's one data layer (web/src/hooks/use-query.ts). The fetcher is the
 * hook's input: these tests hand it one whose answers they settle by hand.
 */

interface Call<T> {
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A fetcher whose every call waits until the test answers it. */
function controlledFetcher<T>() {
  const calls: Call<T>[] = [];
  const fetcher: Fetcher<T> = (signal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { fetcher, calls };
}

let keyCount = 0;
/** Each test its own keys: the cache is module-wide, as in the app. */
const freshKey = (name: string) => `${name}-${++keyCount}`;

function Reader({
  queryKey,
  fetcher,
  options,
  label = 'data',
}: {
  queryKey: string | null;
  fetcher: Fetcher<string>;
  options?: QueryOptions;
  label?: string;
}) {
  const { data, error, loading } = useQuery(queryKey, fetcher, options);
  const failure = error instanceof ApiError ? `ApiError ${error.status} ${error.serverMessage}` : error ? 'other' : '';
  return <p>{`${label}: ${data ?? 'none'}${loading ? ' (loading)' : ''}${failure ? ` [${failure}]` : ''}`}</p>;
}

/** Lets the settled promises' callbacks run inside act. */
const settle = (run: () => void) =>
  act(async () => {
    run();
    await Promise.resolve();
  });

beforeEach(() => setTabVisibility('visible'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useQuery', () => {
  it('shows the answer, and keeps a failure as the ApiError the fetcher threw', async () => {
    const key = freshKey('answer');
    const { fetcher, calls } = controlledFetcher<string>();
    const view = render(<Reader queryKey={key} fetcher={fetcher} />);
    expect(screen.getByText('data: none (loading)')).toBeTruthy();
    await settle(() => calls[0]!.resolve('first'));
    expect(screen.getByText('data: first')).toBeTruthy();

    view.unmount();
    render(<Reader queryKey={key} fetcher={fetcher} />);
    await settle(() => calls[1]!.reject(new ApiError(403, 'No access')));
    // the last answer stays beside the failure
    expect(screen.getByText('data: first [ApiError 403 No access]')).toBeTruthy();
  });

  it('aborts its request on unmount, and the late answer lands nowhere', async () => {
    const key = freshKey('unmount');
    const { fetcher, calls } = controlledFetcher<string>();
    const view = render(<Reader queryKey={key} fetcher={fetcher} />);
    expect(calls[0]!.signal.aborted).toBe(false);
    view.unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.resolve('late'));

    render(<Reader queryKey={key} fetcher={fetcher} />);
    expect(screen.getByText('data: none (loading)')).toBeTruthy();
    await settle(() => calls[1]!.resolve('fresh'));
    expect(screen.getByText('data: fresh')).toBeTruthy();
  });

  it('never lets an older answer overwrite a newer one (refetch, then the first answer comes last)', async () => {
    const key = freshKey('stale');
    const { fetcher, calls } = controlledFetcher<string>();
    function WithRefetch() {
      const { data, refetch } = useQuery(key, fetcher);
      return (
        <button type="button" onClick={refetch}>
          {data ?? 'none'}
        </button>
      );
    }
    render(<WithRefetch />);
    act(() => screen.getByRole('button').click());
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[1]!.resolve('newer'));
    await settle(() => calls[0]!.resolve('older'));
    expect(screen.getByRole('button').textContent).toBe('newer');
  });

  it("drops the old key's answer when the key changes before it came", async () => {
    const first = freshKey('key-a');
    const second = freshKey('key-b');
    const { fetcher, calls } = controlledFetcher<string>();
    const view = render(<Reader queryKey={first} fetcher={fetcher} />);
    view.rerender(<Reader queryKey={second} fetcher={fetcher} />);
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.resolve('for a'));
    expect(screen.getByText('data: none (loading)')).toBeTruthy();
    await settle(() => calls[1]!.resolve('for b'));
    expect(screen.getByText('data: for b')).toBeTruthy();
  });

  it('asks nothing for a null key or when disabled', () => {
    const { fetcher, calls } = controlledFetcher<string>();
    render(
      <>
        <Reader queryKey={null} fetcher={fetcher} />
        <Reader queryKey={freshKey('off')} fetcher={fetcher} options={{ enabled: false }} label="off" />
      </>,
    );
    expect(calls).toHaveLength(0);
    expect(screen.getByText('data: none')).toBeTruthy();
    expect(screen.getByText('off: none')).toBeTruthy();
  });

  it('shares one request and one answer between two readers of a key, and a remount shows it while asking again', async () => {
    const key = freshKey('shared');
    const { fetcher, calls } = controlledFetcher<string>();
    const view = render(
      <>
        <Reader queryKey={key} fetcher={fetcher} label="one" />
        <Reader queryKey={key} fetcher={fetcher} label="two" />
      </>,
    );
    expect(calls).toHaveLength(1);
    await settle(() => calls[0]!.resolve('shared answer'));
    expect(screen.getByText('one: shared answer')).toBeTruthy();
    expect(screen.getByText('two: shared answer')).toBeTruthy();

    view.unmount();
    render(<Reader queryKey={key} fetcher={fetcher} label="again" />);
    expect(screen.getByText('again: shared answer (loading)')).toBeTruthy();
    await settle(() => calls[1]!.resolve('refreshed'));
    expect(screen.getByText('again: refreshed')).toBeTruthy();
  });

  it('lets a screen set the value (optimistic or live), dropping a request still on its way', async () => {
    const key = freshKey('set');
    const { fetcher, calls } = controlledFetcher<string>();
    function Setter() {
      const { data, setData } = useQuery(key, fetcher);
      return (
        <button type="button" onClick={() => setData((current) => `${current ?? ''}+set`)}>
          {data ?? 'none'}
        </button>
      );
    }
    render(<Setter />);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('+set');
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle(() => calls[0]!.resolve('older answer'));
    expect(screen.getByRole('button').textContent).toBe('+set');
  });

  it('asks again, keeping the value shown, when refreshOn changes for the same key', async () => {
    const key = freshKey('refresh');
    const { fetcher, calls } = controlledFetcher<string>();
    const view = render(<Reader queryKey={key} fetcher={fetcher} options={{ refreshOn: 'a' }} />);
    await settle(() => calls[0]!.resolve('first'));
    view.rerender(<Reader queryKey={key} fetcher={fetcher} options={{ refreshOn: 'a' }} />);
    expect(calls).toHaveLength(1);
    view.rerender(<Reader queryKey={key} fetcher={fetcher} options={{ refreshOn: 'b' }} />);
    expect(calls).toHaveLength(2);
    expect(screen.getByText('data: first (loading)')).toBeTruthy();
    await settle(() => calls[1]!.resolve('second'));
    expect(screen.getByText('data: second')).toBeTruthy();
  });

  it('polls after each answer, pauses while the tab is hidden and resumes when it shows again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const key = freshKey('poll');
    let asked = 0;
    const fetcher: Fetcher<string> = async () => `answer ${++asked}`;
    render(<Reader queryKey={key} fetcher={fetcher} options={{ pollMs: 1000 }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: answer 1')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('data: answer 2')).toBeTruthy();

    act(() => setTabVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(asked).toBe(2);

    // its poll fell due while hidden: it asks at once
    act(() => setTabVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: answer 3')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('data: answer 4')).toBeTruthy();
  });

  it('keeps polling after a failure (the next tick asks again)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const key = freshKey('poll-fail');
    let asked = 0;
    const fetcher: Fetcher<string> = async () => {
      asked += 1;
      if (asked === 1) throw new ApiError(0, null);
      return `answer ${asked}`;
    };
    render(<Reader queryKey={key} fetcher={fetcher} options={{ pollMs: 2000 }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('data: none [ApiError 0 null]')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('data: answer 2')).toBeTruthy();
  });
});

describe('useLiveQuery: a topic feeding the cache', () => {
  const WINNERS = topicRef('adminWinners');
  const winner = (name: string) => ({
    MobileNumber: '231770000001',
    PartnerID: 'p1',
    PartnerUsername: name,
    WinnerAmount: '100.00',
    WinnerSelected: '2026-11-26T09:00:00.000Z',
    PromotionTitle: 'Daily',
    DrawID: 'd1',
    PayoutStatus: 'paid',
  });

  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("folds each event into the key's cached value, which every reader of the key sees", async () => {
    const key = freshKey('live');
    const { fetcher, calls } = controlledFetcher<string>();
    const connection = new RealtimeConnection({ url: () => 'ws://test/ws' });
    function Live() {
      const { data } = useLiveQuery(
        key,
        fetcher,
        WINNERS,
        (current, live) => (live.winners ? live.winners.Winners.map((w) => w.PartnerUsername).join(',') : current),
        { connection },
      );
      return <p>{`live: ${data ?? 'none'}`}</p>;
    }
    render(
      <>
        <Live />
        <Reader queryKey={key} fetcher={fetcher} label="plain" />
      </>,
    );
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    expect(calls).toHaveLength(1);
    await settle(() => calls[0]!.resolve('fetched'));
    expect(screen.getByText('plain: fetched')).toBeTruthy();

    act(() =>
      socket.serverSend({ topic: WINNERS.name, ...topicEvents('adminWinners').winners({ Winners: [winner('Acme')] }) }),
    );
    expect(screen.getByText('live: Acme')).toBeTruthy();
    expect(screen.getByText('plain: Acme')).toBeTruthy();
  });

  it('folds the latest events into an answer that lands after them', async () => {
    const key = freshKey('live-late');
    const { fetcher, calls } = controlledFetcher<string[]>();
    const connection = new RealtimeConnection({ url: () => 'ws://test/ws' });
    function Live() {
      const { data } = useLiveQuery(
        key,
        fetcher,
        WINNERS,
        (current, live) => [...new Set([...current, ...(live.winners?.Winners.map((w) => w.PartnerUsername) ?? [])])],
        { connection },
      );
      return <p>{`live: ${data?.join(',') ?? 'none'}`}</p>;
    }
    render(<Live />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() =>
      socket.serverSend({ topic: WINNERS.name, ...topicEvents('adminWinners').winners({ Winners: [winner('Beta')] }) }),
    );
    expect(screen.getByText('live: none')).toBeTruthy();
    await settle(() => calls[0]!.resolve(['Acme']));
    expect(screen.getByText('live: Acme,Beta')).toBeTruthy();
  });
});
