// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Fetcher, type QueryOptions, useQuery } from '@web/hooks/use-query';
import { ApiError } from '@web/lib/api-client';
import { setTabVisibility } from './support/fake-websocket';

/**
 * The public pages' data layer (web/src/hooks/use-query.ts; the staff
 * portals' is TanStack Query, test/web/staff-query.test.tsx). The fetcher is
 * the hook's input: these tests hand it one whose answers they settle by hand.
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
  queryKey: string;
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
});
