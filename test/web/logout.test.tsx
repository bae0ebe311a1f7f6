// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { LogoutPage } from '@web/features/auth/components/LogoutPage';
import { saveSession } from '@web/lib/session';
import AppToaster from '@web/lib/toaster';
import { json, stubFetch, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

function renderLogout(responder: Responder) {
  const stub = stubFetch(responder);
  render(
    <MemoryRouter initialEntries={['/logout']}>
      <Routes>
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
  return stub;
}

useScreenEnvironment({ sounds: false, webSocket: 'none', unstubGlobals: true });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/logout (spec section 4, "Logout")', () => {
  it('says you are logged out when there is no session, and calls nothing', () => {
    const { requests } = renderLogout(() => json(200, {}));
    expect(screen.getByText('You are logged out.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('POSTs the logout with an empty body, clears session storage and goes home', async () => {
    saveSession({ userId: 'adm-1', userRole: 'admin', superAdmin: true });
    const { requests } = renderLogout(() => json(200, { message: messages.logout.success }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/v1/adm-1/logout',
      method: 'POST',
      credentials: 'same-origin',
      body: undefined,
    });
    expect(requests[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sessionStorage.length).toBe(0);
  });

  it("logs an announcer out on its own path and says 'Logged out successfully'", async () => {
    saveSession({ userId: 'ann-1', userRole: 'announcer' });
    const { requests } = renderLogout(() => json(200, { message: messages.logout.success }));
    // The toast and the navigation are two renders: wait for each.
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByText(messages.logout.success)).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/v1/ann-1/announcer/logout');
    expect(sessionStorage.length).toBe(0);
  });

  it('treats an already-ended session as logged out', async () => {
    saveSession({ userId: 'p-1', userRole: 'partner' });
    renderLogout(() => json(401, { error: messages.auth.signInRequired }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('says the logout failed, and keeps the session, when the server fails', async () => {
    saveSession({ userId: 'ann-2', userRole: 'announcer' });
    renderLogout(() => json(500, { error: 'boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.logout.failed);
    expect(sessionStorage.getItem('userId')).toBe('ann-2');
  });
});
