// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { LoginPage } from '@web/features/auth/components/LoginPage';
import { loginDestination, type Portal } from '@web/features/auth/portals';
import { SESSION_KEYS } from '@web/lib/session';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import AppToaster from '@web/lib/toaster';
import { json, offline, type SeenRequest, stubFetch, type Responder } from './support/fetch';
import { landedOn, Where } from './support/routing';
import { useScreenEnvironment } from './support/screen-environment';

const user = (id: string, role: string, superAdmin = false) => ({
  user: { id, role, super_admin: superAdmin, username: `${role}-user`, email: `${role}@example.lr` },
});

/** `me`: what GET /auth/me answers (default 401: the browser is signed in nowhere). */
function renderLogin(portal: Portal, responder: Responder, me?: Responder) {
  // the page's own question (who is signed in) is not one of the requests the tests count
  const requests: SeenRequest[] = [];
  const stub = stubFetch((request) => {
    if (request.url === '/api/v1/auth/me')
      return (me ?? (() => json(401, { error: messages.auth.signInRequired })))(request);
    requests.push(request);
    return responder(request);
  });
  render(
    <MemoryRouter initialEntries={[`/${portal}/login`]}>
      <Routes>
        <Route path={`/${portal}/login`} element={<LoginPage portal={portal} />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
  return { ...stub, requests };
}

function fillAndSend(email = 'someone@example.lr', password = 'correct horse') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

// lib/sounds keeps the first AudioContext it makes: one recorder for the file.
const sounds = useScreenEnvironment({ webSocket: 'none' });

beforeEach(() => localStorage.clear());

describe('login role routing (spec section 4, "Login")', () => {
  it.each([
    ['admin', 'admin', '/v1/admin/u-1/overview'],
    ['admin', 'partner', '/v1/partner/u-1/dashboard'],
    ['admin', 'announcer', '/v1/announcer/u-1/dashboard'],
    ['partner', 'partner', '/v1/partner/u-1/dashboard'],
    ['announcer', 'announcer', '/v1/announcer/u-1/dashboard'],
  ] as const)('the %s portal sends a signed-in %s user to %s', (portal, role, to) => {
    expect(loginDestination(portal, { id: 'u-1', role })).toEqual({ kind: 'navigate', to });
  });

  it.each([
    ['admin', 'auditor', messages.generic.invalidUserRole],
    ['partner', 'admin', messages.generic.invalidUserRoleBang],
    ['partner', 'announcer', messages.generic.invalidUserRoleBang],
    ['announcer', 'admin', messages.generic.invalidUserRoleBang],
    ['announcer', 'partner', messages.generic.invalidUserRoleBang],
    ['announcer', 'auditor', messages.generic.invalidUserRoleBang],
  ] as const)('the %s portal refuses the %s role', (portal, role, message) => {
    expect(loginDestination(portal, { id: 'u-1', role })).toEqual({ kind: 'refuse', message });
  });

  it('escapes the user id in the destination', () => {
    expect(loginDestination('admin', { id: 'a/b', role: 'admin' })).toEqual({
      kind: 'navigate',
      to: '/v1/admin/a%2Fb/overview',
    });
  });
});

describe('login pages', () => {
  it('has labelled, required email and password fields', () => {
    renderLogin('admin', () => json(200, user('u-1', 'admin')));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin login' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect([email.type, email.required]).toEqual(['email', true]);
    expect([password.type, password.required]).toEqual(['password', true]);
    fireEvent.click(screen.getByLabelText('Show password'));
    expect(password.type).toBe('text');
  });

  it('sends nothing while a field is empty', () => {
    const { requests } = renderLogin('partner', () => json(200, user('u-1', 'partner')));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'p@example.lr' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form')!);
    expect(requests).toHaveLength(0);
  });

  it('signs an admin in at the admin portal, keeps only the three session keys and goes to the overview', async () => {
    const { requests } = renderLogin('admin', () => json(200, user('adm-7', 'admin', true)));
    fillAndSend(' boss@example.lr ', 'pw-123456');
    expect(await landedOn()).toBe('/v1/admin/adm-7/overview');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/v1/auth/admin/login',
      method: 'POST',
      credentials: 'same-origin',
      body: { email: 'boss@example.lr', password: 'pw-123456' },
    });
    expect(requests[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect({ ...sessionStorage }).toEqual({ userId: 'adm-7', userRole: 'admin', superAdmin: 'true' });
    expect(localStorage.length).toBe(0);
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((note) => note.frequency));
  });

  it('records a plain admin as not super admin', async () => {
    renderLogin('admin', () => json(200, user('adm-8', 'admin', false)));
    fillAndSend();
    await landedOn();
    expect(sessionStorage.getItem(SESSION_KEYS.superAdmin)).toBe('false');
  });

  it.each([
    ['partner', '/v1/partner/p-1/dashboard'],
    ['announcer', '/v1/announcer/p-1/dashboard'],
  ] as const)('sends the %s user signing in at the admin portal to %s', async (role, to) => {
    renderLogin('admin', () => json(200, user('p-1', role)));
    fillAndSend();
    expect(await landedOn()).toBe(to);
  });

  it.each(['partner', 'announcer'] as const)('signs the %s user in at its own portal', async (portal) => {
    const { requests } = renderLogin(portal, () => json(200, user('x-9', portal)));
    fillAndSend();
    expect(await landedOn()).toBe(`/v1/${portal}/x-9/dashboard`);
    expect(requests[0]!.url).toBe(`/api/v1/auth/${portal}/login`);
    expect({ ...sessionStorage }).toEqual({ userId: 'x-9', userRole: portal });
  });

  it("refuses another role at the partner portal with 'Invalid user role!'", async () => {
    renderLogin('partner', () => json(200, user('a-1', 'announcer')));
    fillAndSend();
    expect(await screen.findByText(messages.generic.invalidUserRoleBang)).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(sounds.played).toEqual(ERROR_NOTES.map((note) => note.frequency));
  });

  it("refuses an unknown role at the admin portal with 'Invalid user role'", async () => {
    renderLogin('admin', () => json(200, user('z-1', 'auditor')));
    fillAndSend();
    expect(await screen.findByText(messages.generic.invalidUserRole)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it("shows the server's error text", async () => {
    renderLogin('announcer', () => json(401, { error: messages.auth.badCredentials }));
    fillAndSend();
    expect(await screen.findByText(messages.auth.badCredentials)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
    expect(sounds.played).toEqual(ERROR_NOTES.map((note) => note.frequency));
  });

  it("shows the server's refusal of a role", async () => {
    renderLogin('partner', () => json(403, { error: messages.generic.invalidUserRoleBang }));
    fillAndSend();
    expect(await screen.findByText(messages.generic.invalidUserRoleBang)).toBeTruthy();
  });

  it.each([
    ['admin', messages.generic.unexpected],
    ['partner', messages.generic.unexpectedContactAdmin],
    ['announcer', messages.generic.unexpectedContactAdmin],
  ] as const)('the %s portal falls back to %j when the request fails', async (portal, message) => {
    renderLogin(portal, () => offline());
    fillAndSend();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('falls back too when the server fails without a message', async () => {
    renderLogin('partner', () => new Response('<html>502</html>', { status: 502 }));
    fillAndSend();
    expect(await screen.findByText(messages.generic.unexpectedContactAdmin)).toBeTruthy();
  });

  it('disables the button while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderLogin('admin', () => new Promise<Response>((resolve) => (answer = resolve)));
    fillAndSend();
    expect(screen.getByRole('button', { name: /logging in/i }).hasAttribute('disabled')).toBe(true);
    answer(json(200, user('u-2', 'admin')));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/v1/admin/u-2/overview'));
  });
});

describe('a browser already signed in (issue 30 item 8: several tabs)', () => {
  const admin = () => json(200, user('adm-1', 'admin', true));

  it('says which account is signed in and offers only to sign out at a portal its role cannot use', async () => {
    const stub = renderLogin(
      'partner',
      (request) =>
        request.url === '/api/v1/adm-1/logout' ? json(200, { message: 'Logged out successfully' }) : json(404, {}),
      admin,
    );
    await screen.findByRole('heading', { name: 'Already signed in' });
    expect(screen.getByText(/This browser is signed in as/).textContent).toContain(
      'admin-user (Super admin, admin@example.lr)',
    );
    expect(screen.queryByRole('link', { name: /Continue as/ })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out and sign in here' }));
    await screen.findByLabelText('Email');
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v1/adm-1/logout']);
  });

  it('offers to continue as the signed-in account where its role fits the portal', async () => {
    renderLogin('admin', () => json(404, {}), admin);
    const link = await screen.findByRole('link', { name: 'Continue as admin-user' });
    expect(link.getAttribute('href')).toBe('/v1/admin/adm-1/overview');
    fireEvent.click(link);
    expect(await landedOn()).toBe('/v1/admin/adm-1/overview');
  });

  it('sends a user whose password was reset to the Account screen after signing in', async () => {
    renderLogin('partner', () => json(200, { user: { ...user('p-1', 'partner').user, must_change_password: true } }));
    fillAndSend();
    expect(await landedOn()).toBe('/v1/account');
  });
});
