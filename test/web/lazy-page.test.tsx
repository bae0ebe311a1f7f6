// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '@web/lib/lazy-page';

/** The one lazy-page helper of the router and the admin screens (DESIGN section 9: each page its own chunk). */
describe('lazyPage', () => {
  it('loads its module only when first shown, then shows the export it picks', async () => {
    let loads = 0;
    const module = { First: () => <p>first page</p>, Second: () => <p>second page</p> };
    const Page = lazyPage(
      () => {
        loads += 1;
        return Promise.resolve(module);
      },
      (m) => m.Second,
    );
    expect(loads).toBe(0);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('second page')).toBeTruthy();
    expect(screen.queryByText('first page')).toBeNull();
    expect(loads).toBe(1);
  });
});
