import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { StaffQueryProvider, staffQueryClient } from '@web/lib/staff-query';

/**
 * Testing Library's render inside the staff query cache, as every staff
 * portal renders its screens. A file that imports it starts each test with an
 * empty cache (a topic's entry is otherwise dropped on a timer, which fake
 * timers may hold back).
 */
export const render = (ui: ReactElement, options: RenderOptions = {}) =>
  renderInDom(ui, { wrapper: StaffQueryProvider, ...options });

afterEach(() => staffQueryClient.clear());
