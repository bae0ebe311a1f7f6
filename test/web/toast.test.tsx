// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from './support/browser-apis';

beforeAll(() => installMatchMedia(false));
afterEach(cleanup);

const shownToasts = () => document.querySelectorAll('[data-rht-toaster] [role="status"]');

describe('toasts (spec section 9)', () => {
  it('mounts the toaster only once a page loads the toast module', async () => {
    // the modules as a page first loads them: another file of this worker may have loaded the toast module already
    vi.resetModules();
    const { ToastHost } = await import('@web/components/ToastHost');
    const { isToasterWanted } = await import('@web/lib/toast-demand');
    render(<ToastHost />);
    expect(isToasterWanted()).toBe(false);
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();

    const { notifyError } = await act(() => import('@web/lib/toast'));
    expect(isToasterWanted()).toBe(true);
    act(() => void notifyError('Something broke'));
    expect(await screen.findByText('Something broke')).toBeTruthy();
  });

  it('uses the durations of the spec: error 4 s, success 2 s, blank 4 s, loading until dismissed', async () => {
    const { toastOptions } = await import('@web/lib/toast');
    expect(toastOptions).toEqual({
      error: { duration: 4000 },
      success: { duration: 2000 },
      blank: { duration: 4000 },
      loading: { duration: Number.POSITIVE_INFINITY },
    });
  });

  it('shows at most 20 toasts at once', async () => {
    const { toast, TOAST_LIMIT } = await import('@web/lib/toast');
    const { default: AppToaster } = await import('@web/lib/toaster');
    toast.remove();
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Notice ${i}`);
    });
    expect(TOAST_LIMIT).toBe(20);
    expect(shownToasts()).toHaveLength(20);
    // The newest stay; the oldest go.
    expect(screen.getByText('Notice 25')).toBeTruthy();
    expect(screen.queryByText('Notice 5')).toBeNull();
    act(() => toast.remove());
  });
});
