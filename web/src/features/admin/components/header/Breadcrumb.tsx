import { Link } from 'react-router-dom';
import type { AdminScreen } from '@web/features/admin/screens/registry';
import { adminPath } from './admin-path';

/**
 * The breadcrumb bar (spec section 2 "Header pieces"): Admin › tab › screen.
 * The tab links to its first screen when another screen of it is open; a
 * screen named as its tab (Overview) is one crumb, not "Overview › Overview".
 */
export function Breadcrumb({
  adminId,
  screen,
  screens,
}: {
  adminId: string;
  screen: AdminScreen | undefined;
  screens: readonly AdminScreen[];
}) {
  const tabHome = screen ? screens.find((s) => s.tab === screen.tab) : undefined;
  return (
    <nav aria-label="Breadcrumb" className="admin-breadcrumb">
      <ol>
        <li>
          <Link to={adminPath(adminId, 'overview')}>Admin</Link>
        </li>
        {screen ? (
          <>
            {screen.tab === screen.title ? null : (
              <li>
                {tabHome && tabHome.path !== screen.path ? (
                  <Link to={adminPath(adminId, tabHome.path)}>{screen.tab}</Link>
                ) : (
                  <span>{screen.tab}</span>
                )}
              </li>
            )}
            <li>
              <span aria-current="page">{screen.title}</span>
            </li>
          </>
        ) : (
          <li>
            <span aria-current="page">Page Not Found</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
