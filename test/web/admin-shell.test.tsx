// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { ADMIN_ROLE_LABEL, COMING_SOON } from '@web/features/admin/components/header/AdminMenu';
import { site } from '@web/lib/site';
import { TECHNICAL_NOTICE } from '@web/features/admin/components/header/TechnicalNotice';
import { adminScreens } from '@web/features/admin/screens/registry';
import { LogoutPage } from '@web/features/auth/components/LogoutPage';
import { saveSession } from '@web/lib/session';
import { ADMIN_ID, anAdminUser, landedOn, renderAdminPortal, Where } from './support/admin-portal';
import { FakeWebSocket } from './support/fake-websocket';
import { json, never, stubFetch } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

useScreenEnvironment({ sounds: false, webSocket: 'reset', unstubGlobals: true });

/** The tabs (the first list of the menu; a tab's own screens follow in a second). */
const tabNames = () =>
  within(within(screen.getByRole('navigation', { name: 'Admin sections' })).getAllByRole('list')[0]!)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('tabs by role (spec sections 2 and 6)', () => {
  it('a plain admin sees only Overview and Winner', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    expect(await screen.findByRole('heading', { level: 1, name: messages.overview.title })).toBeTruthy();
    expect(tabNames()).toEqual(['Overview', 'Winner']);
  });

  it('a super admin sees every tab, Draw, Partners, Announcers, Promotions and Predictions too', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`, { superAdmin: true });
    await screen.findByRole('heading', { level: 1, name: messages.overview.title });
    expect(tabNames()).toEqual(['Overview', 'Winner', 'Draw', 'Partners', 'Announcers', 'Promotions', 'Predictions']);
    // Settings, the site content, Admins and the Audit log sit under Overview, for super admins only
    const overviewScreens = screen.getByRole('list', { name: 'Overview screens' });
    expect(
      within(overviewScreens)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Settings', 'Site content', 'Admins', 'Audit log']);
  });

  it.each(
    adminScreens.filter((s) => s.superAdminOnly).map((s) => s.path),
  )('a plain admin opening /%s by its address is refused and subscribes to nothing of it', async (path) => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/${path}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Super admins only' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // the refusal mounts no screen: no socket, so no super-admin topic is asked for
    expect(FakeWebSocket.instances.flatMap((s) => s.subscribedTopics())).not.toContain(topicNames.adminDrawList);
  });

  it('a tab with several screens links to each of them', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/create-partner`, { superAdmin: true });
    const subtabs = await screen.findByRole('list', { name: 'Partners screens' });
    expect(
      within(subtabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Partner Management', 'Create Partner', 'Tax Analytics', 'Reports', 'Payouts']);
    expect(within(subtabs).getByRole('link', { name: 'Create Partner' }).getAttribute('aria-current')).toBe('page');
    const tabs = within(screen.getByRole('navigation', { name: 'Admin sections' }));
    expect(tabs.getByRole('link', { name: 'Partners' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: 'Partners' }).getAttribute('href')).toBe(
      `/v1/admin/${ADMIN_ID}/list-partners`,
    );
    expect(within(subtabs).getByRole('link', { name: 'Tax Analytics' }).getAttribute('href')).toBe(
      `/v1/admin/${ADMIN_ID}/create-tax-analytics`,
    );
  });

  it('the tabs lead to their screens', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    await screen.findByRole('heading', { level: 1, name: messages.overview.title });
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Winner' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Winners List' })).toBeTruthy();
  });
});

describe('a screen waiting for its data', () => {
  // the two that ask the server for nothing when they open
  const loadsNothing = new Set(['create-tax-analytics', 'player-exclusion', 'exports']);

  it.each(
    adminScreens.filter((s) => !loadsNothing.has(s.path)).map((s) => s.path),
  )('/%s says so with the one loading status, spinner and all (the browser tests wait for it)', async (path) => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/${path}`, { superAdmin: true, api: never });
    // the screen's own status, once its chunk is in (the chunk's own fallback says only "Loading…")
    const loadingStatuses = () =>
      screen.queryAllByRole('status').filter((s) => /Loading\s\S/.test(s.textContent ?? ''));
    await waitFor(() => expect(loadingStatuses().length).toBeGreaterThan(0));
    const loading = loadingStatuses();
    expect(loading.map((s) => [s.textContent?.trim(), s.querySelector('.spinner') !== null])).toEqual(
      loading.map((s) => [s.textContent?.trim(), true]),
    );
  });
});

describe('the session guard (spec section 4 "Session guard")', () => {
  it.each([
    ['overview', '/login'],
    ['winners-list', '/login'],
    ['jacktop-list', '/login'],
    ['list-partners', '/admin/login'],
  ])('without a session, /%s sends the visitor to %s', async (path, login) => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/${path}`, {
      session: false,
      me: () => json(401, { error: messages.auth.signInRequired }),
    });
    expect(await landedOn()).toBe(login);
  });

  it('opens a screen in a new tab (no keys of its own) from the browser’s session, and keeps the keys (issue 30 item 8)', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`, { session: false, superAdmin: true });
    expect(await screen.findByRole('heading', { level: 1, name: messages.overview.title })).toBeTruthy();
    expect({ ...sessionStorage }).toEqual({ userId: ADMIN_ID, userRole: 'admin', superAdmin: 'true' });
  });

  it('sends a user whose password was reset to the Account screen', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`, {
      me: () => json(200, { user: anAdminUser({ must_change_password: true }) }),
    });
    expect(await landedOn()).toBe('/v1/account');
  });

  it("clears another admin's stored session and sends to login when the route id is not theirs", async () => {
    renderAdminPortal('/v1/admin/someone-else/overview');
    expect(await landedOn()).toBe('/login');
    expect(sessionStorage.length).toBe(0);
  });

  it('clears a stored session of another role and sends to login', async () => {
    saveSession({ userId: ADMIN_ID, userRole: 'partner' });
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/list-partners`, {
      session: false,
      me: () => json(200, { user: anAdminUser({ role: 'partner' }) }),
    });
    expect(await landedOn()).toBe('/admin/login');
    expect(sessionStorage.length).toBe(0);
  });

  it('clears the session and sends to login when the server has no session (401 from /auth/me)', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/winners-list`, {
      me: () => json(401, { error: messages.auth.signInRequired }),
    });
    expect(await landedOn()).toBe('/login');
    expect(sessionStorage.length).toBe(0);
  });

  it('sends away a session the server knows as another user', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`, {
      me: () => json(200, { user: anAdminUser({ id: 'adm-2' }) }),
    });
    expect(await landedOn()).toBe('/login');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the header (spec section 2 "Header pieces")', () => {
  it('shows the technical notice and the breadcrumb Admin › tab › screen', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/winners-list`);
    await screen.findByRole('heading', { level: 1, name: 'Winners List' });
    const notice = screen.getByRole('note');
    expect(notice.textContent).toBe(`${TECHNICAL_NOTICE} Contact ${site.softwareServicesName}.`);
    // the software services page, which names the number the settings hold (no placeholder number in the header)
    expect(within(notice).getByRole('link', { name: site.softwareServicesName }).getAttribute('href')).toBe(
      '/w-digital',
    );
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Admin', 'Winner', 'Winners List']);
    expect(within(crumbs[0]!).getByRole('link').getAttribute('href')).toBe(`/v1/admin/${ADMIN_ID}/overview`);
    expect(within(crumbs[2]!).getByText('Winners List').getAttribute('aria-current')).toBe('page');
  });

  it("names a screen that shares its tab's name once: Admin › Overview", async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Admin', 'Overview']);
  });

  it('links the tab crumb to the tab when another screen of it is open', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/create-promotion`, { superAdmin: true });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Promotions' }).getAttribute('href')).toBe(
      `/v1/admin/${ADMIN_ID}/assign-partner-promotion`,
    );
  });

  it("the admin menu shows the admin's username and 'Administrator'; its entries", async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    const menuButton = await screen.findByRole('button', { name: /Comfort Kollie/ });
    expect(menuButton.textContent).toContain(ADMIN_ROLE_LABEL);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Account Settings', `Help & Support · ${COMING_SOON}`, 'Logout']);
    // focus moves into the menu; arrows move through it
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    // Help & Support does nothing (spec): marked unavailable, the menu stays
    expect(items[0]!.getAttribute('aria-disabled')).toBeNull();
    expect(items[1]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(items[1]!);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: messages.overview.title })).toBeTruthy();
    // Escape closes and gives focus back
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('Account Settings opens the Account screen (DESIGN section 7: change own password)', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    fireEvent.click(await screen.findByRole('button', { name: /Comfort Kollie/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Account Settings' }));
    expect(await landedOn()).toBe('/v1/account');
  });

  it('Logout goes to /logout', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    fireEvent.click(await screen.findByRole('button', { name: /Comfort Kollie/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await landedOn()).toBe('/logout');
  });

  it('the search box finds screens by title and opens the chosen one from the keyboard', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`, { superAdmin: true });
    const box = screen.getByRole('combobox', { name: 'Search admin screens' });
    fireEvent.change(box, { target: { value: 'create' } });
    const options = within(screen.getByRole('listbox', { name: 'Matching screens' })).getAllByRole('option');
    // by title, tab or address: Tax Analytics lives at create-tax-analytics
    expect(options.map((o) => o.firstChild?.textContent)).toEqual([
      'Create Partner',
      'Tax Analytics',
      'Create Announcer',
      'Create Promotion',
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Promotion' })).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox', { name: 'Matching screens' })).toBeNull();
  });

  it('the search box finds a screen by its tab and opens it on a click', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    const box = screen.getByRole('combobox', { name: 'Search admin screens' });
    fireEvent.change(box, { target: { value: 'winner' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: /Winners List/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winners List' })).toBeTruthy();
  });

  it('offers a plain admin only the screens it may open', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
    const box = screen.getByRole('combobox', { name: 'Search admin screens' });
    fireEvent.change(box, { target: { value: 'partner' } });
    expect(screen.getByText('No screen matches “partner”.')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toEqual([]);
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });
});

describe('admin logout (spec section 8: an admin logout failure is only logged)', () => {
  function renderLogout(status: number) {
    stubFetch(() => json(status, status === 200 ? { message: messages.logout.success } : { error: 'boom' }));
    render(
      <MemoryRouter initialEntries={['/logout']}>
        <Routes>
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('a failed admin logout shows no error, only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveSession({ userId: ADMIN_ID, userRole: 'admin', superAdmin: false });
    renderLogout(500);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Logout failed', expect.anything()));
    await act(async () => undefined);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(messages.logout.failed)).toBeNull();
    expect(screen.queryByText(/Logging you out/)).toBeNull();
  });

  it('a successful admin logout clears the session and goes home', async () => {
    saveSession({ userId: ADMIN_ID, userRole: 'admin', superAdmin: true });
    renderLogout(200);
    expect(await landedOn()).toBe('/');
    expect(sessionStorage.length).toBe(0);
  });
});
