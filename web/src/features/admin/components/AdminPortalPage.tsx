import { Suspense } from 'react';
import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { PageLoading } from '@web/components/PageLoading';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useSessionGuard } from '@web/hooks/use-session-guard';
import { AdminContext, type AdminIdentity } from '@web/hooks/use-admin';
import { adminScreens, findScreen, loginPathFor, screensFor, tabsFor } from '../screens/registry';
import { AdminHeader } from './AdminHeader';
import { adminPath } from './header/admin-path';
import { StaffQueryProvider } from '@web/lib/staff-query';
import '@web/styles/staff.css';

/**
 * /v1/admin/:id/* — the admin portal (spec section 2, "Staff areas" and
 * "Admin portal page with tabs"): the session guard, the header, the tabs a
 * plain admin or a super admin may open, and the screen of the child path.
 */
export function AdminPortalPage() {
  return (
    <StaffQueryProvider>
      <AdminPortal />
    </StaffQueryProvider>
  );
}

function AdminPortal() {
  const { id, '*': child } = useParams();
  const screenPath = child?.split('/')[0];
  const screen = findScreen(screenPath);
  useDocumentTitle(screen ? `${screen.title} · Admin` : 'Admin portal');
  const { session, user } = useSessionGuard('admin', id, loginPathFor(screenPath));
  if (!session || !id) return <PageLoading />;

  const superAdmin = session.superAdmin === true;
  const identity: AdminIdentity = { adminId: id, superAdmin, user };
  // the desk's permission, as GET /auth/me says it (the server refuses the desk's calls without it)
  const support = superAdmin || user?.support === true;
  const open = screensFor(superAdmin, support);
  const tabs = tabsFor(superAdmin, support);

  return (
    <AdminContext.Provider value={identity}>
      <div className="staff-layout admin-portal">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AdminHeader adminId={id} screen={screen} screens={open} />
        <nav className="admin-tabs" aria-label="Admin sections">
          <ul role="list" className="staff-tabs">
            {tabs.map((tab) => {
              const first = open.find((s) => s.tab === tab)!;
              const active = screen?.tab === tab;
              return (
                <li key={tab}>
                  <Link
                    to={adminPath(id, first.path)}
                    className={active ? 'staff-tab staff-tab--active' : 'staff-tab'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {tab}
                  </Link>
                </li>
              );
            })}
          </ul>
          {screen ? (
            <TabScreens adminId={id} tab={screen.tab} superAdmin={superAdmin} support={support} current={screen.path} />
          ) : null}
        </nav>
        <main id="main" className="staff-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route index element={<Navigate to="overview" replace />} />
              {adminScreens.map((s) => (
                <Route
                  key={s.path}
                  path={s.path}
                  element={
                    s.superAdminOnly && !superAdmin ? (
                      <SuperAdminOnly />
                    ) : s.supportOnly && !support ? (
                      <SupportOnly />
                    ) : (
                      <s.component />
                    )
                  }
                />
              ))}
              <Route path="*" element={<UnknownScreen />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </AdminContext.Provider>
  );
}

/**
 * A tab with more than one screen links to each of them. Links are absolute:
 * a relative one would resolve against the splat (…/create-partner/list-partners).
 */
function TabScreens({
  adminId,
  tab,
  superAdmin,
  support,
  current,
}: {
  adminId: string;
  tab: string;
  superAdmin: boolean;
  support: boolean;
  current: string;
}) {
  const screens = screensFor(superAdmin, support).filter((s) => s.tab === tab);
  if (screens.length < 2) return null;
  return (
    <ul role="list" className="staff-tabs admin-subtabs" aria-label={`${tab} screens`}>
      {screens.map((s) => (
        <li key={s.path}>
          <Link
            to={adminPath(adminId, s.path)}
            className="staff-tab"
            aria-current={s.path === current ? 'page' : undefined}
          >
            {s.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SuperAdminOnly() {
  return (
    <section className="staff-card" role="alert">
      <h1>Super admins only</h1>
      <p>This screen is open to super admins. Ask a super admin if you need access.</p>
    </section>
  );
}

function SupportOnly() {
  return (
    <section className="staff-card" role="alert">
      <h1>Support desk only</h1>
      <p>This screen is open to admins with the support permission. Ask a super admin if you need access.</p>
    </section>
  );
}

function UnknownScreen() {
  return (
    <section className="staff-card">
      <h1>Page Not Found</h1>
      <p>There is no admin screen at this address.</p>
    </section>
  );
}
