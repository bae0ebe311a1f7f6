import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { SessionUser } from '@shared/api/schemas/auth';
import { AdminPortalPage } from '@web/features/admin/components/AdminPortalPage';
import { saveSession } from '@web/lib/session';
import AppToaster from '@web/lib/toaster';
import { FakeWebSocket } from './fake-websocket';
import { json, stubFetch, type Responder, type SeenRequest } from './fetch';
import { Where } from './routing';

export { landedOn, Where } from './routing';

export const ADMIN_ID = 'adm-1';

export function anAdminUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: ADMIN_ID,
    role: 'admin',
    super_admin: false,
    username: 'Comfort Kollie',
    email: 'comfort@example.lr',
    ...overrides,
  };
}

export interface PortalOptions {
  superAdmin?: boolean;
  /** What GET /auth/me answers (default: the signed-in admin). */
  me?: Responder;
  /** Every other request (default 404). */
  api?: Responder;
  /** Store a session (default true). */
  session?: boolean;
}

/**
 * The admin portal at `path` with a stored admin session, GET /auth/me
 * answered, a fake WebSocket and the toaster — everything inside the page
 * runs for real; only fetch and the socket are stand-ins.
 */
export function renderAdminPortal(path: string, options: PortalOptions = {}) {
  const superAdmin = options.superAdmin ?? false;
  if (options.session !== false) saveSession({ userId: ADMIN_ID, userRole: 'admin', superAdmin });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const me: Responder = options.me ?? (() => json(200, { user: anAdminUser({ super_admin: superAdmin }) }));
  const api: Responder = options.api ?? (() => json(404, { error: 'Not found' }));
  const stub = stubFetch((request: SeenRequest) => (request.url === '/api/v1/auth/me' ? me(request) : api(request)));
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/v1/admin/:id/*" element={<AdminPortalPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
  return { ...stub, view };
}
