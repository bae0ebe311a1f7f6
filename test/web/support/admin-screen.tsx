import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from '@web/hooks/use-admin';
import { StaffQueryProvider } from '@web/lib/staff-query';
import AppToaster from '@web/lib/toaster';
import { json, stubFetch, type Responder } from './fetch';

export interface AdminScreenOptions {
  /** Answers every request (default 200 `{ message: 'ok' }`). */
  responder?: Responder;
  /** The route's admin id in AdminContext (default 'admin-1'). */
  adminId?: string;
  /** Whether the admin is a super admin (default true). */
  superAdmin?: boolean;
  /** Render inside a MemoryRouter at this path (for screens that link or navigate); no router when absent. */
  path?: string;
}

/**
 * One admin screen on its own, inside AdminContext and the staff query
 * cache with the toaster and fetch stubbed by `responder`; the portal around
 * it is not rendered.
 */
export function renderAdminScreen(page: ReactElement, options: AdminScreenOptions = {}) {
  const stub = stubFetch(options.responder ?? (() => json(200, { message: 'ok' })));
  const admin = { adminId: options.adminId ?? 'admin-1', superAdmin: options.superAdmin ?? true, user: null };
  const content = (
    <StaffQueryProvider>
      <AdminContext.Provider value={admin}>
        {page}
        <AppToaster />
      </AdminContext.Provider>
    </StaffQueryProvider>
  );
  const view = render(
    options.path === undefined ? content : <MemoryRouter initialEntries={[options.path]}>{content}</MemoryRouter>,
  );
  return { ...stub, view };
}
