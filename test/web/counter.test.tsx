// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WinAmountCounter } from '@web/features/public/components/WinAmountCounter';
import { COUNTER_STEP, COUNTER_TARGET, COUNTER_TICK_MS } from '@web/features/public/hooks/use-win-amount-counter';
import { installMatchMedia } from './support/browser-apis';

const shown = () => screen.getByTestId('win-amount').textContent;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('win-amount counter', () => {
  it('follows the spec: up to 1,000,000 LRD in steps of 50,000 every 50 ms', () => {
    expect([COUNTER_TARGET, COUNTER_STEP, COUNTER_TICK_MS]).toEqual([1_000_000, 50_000, 50]);
  });

  it('counts up from 0 by 50,000 every 50 ms', async () => {
    installMatchMedia(false);
    render(<WinAmountCounter />);
    expect(shown()).toBe('0 LRD');
    await advance(49);
    expect(shown()).toBe('0 LRD');
    await advance(1);
    expect(shown()).toBe('50,000 LRD');
    await advance(50);
    expect(shown()).toBe('100,000 LRD');
    await advance(50 * 8);
    expect(shown()).toBe('500,000 LRD');
  });

  it('stops at 1,000,000 LRD after one second', async () => {
    installMatchMedia(false);
    render(<WinAmountCounter />);
    await advance(950);
    expect(shown()).toBe('950,000 LRD');
    await advance(50);
    expect(shown()).toBe('1,000,000 LRD');
    expect(vi.getTimerCount()).toBe(0);
    await advance(5_000);
    expect(shown()).toBe('1,000,000 LRD');
  });

  it('shows the final amount at once to visitors who ask for reduced motion', () => {
    installMatchMedia(true);
    render(<WinAmountCounter />);
    expect(shown()).toBe('1,000,000 LRD');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives screen readers the final amount only', () => {
    installMatchMedia(false);
    render(<WinAmountCounter />);
    expect(screen.getByTestId('win-amount').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('1,000,000 LRD', { selector: '.visually-hidden' })).toBeTruthy();
  });
});
