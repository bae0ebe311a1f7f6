import { Link } from 'react-router-dom';
import type { AdminScreen } from '../screens/registry';
import { AdminMenu } from './header/AdminMenu';
import { adminPath } from './header/admin-path';
import { Breadcrumb } from './header/Breadcrumb';
import { NotificationsDropdown } from './header/NotificationsDropdown';
import { ScreenSearch } from './header/ScreenSearch';
import { TechnicalNotice } from './header/TechnicalNotice';
import './header/header.css';

/**
 * The admin portal's header (spec section 2 "Admin portal page with tabs"
 * and "Header pieces"): the search box, the notifications dropdown and the
 * admin menu; under them the technical team's notice and the breadcrumb bar.
 */
export function AdminHeader({
  adminId,
  screen,
  screens,
}: {
  adminId: string;
  /** The open screen, if the path names one. */
  screen: AdminScreen | undefined;
  /** The screens this admin may open. */
  screens: readonly AdminScreen[];
}) {
  return (
    <header className="admin-header">
      <div className="admin-header__bar">
        <Link className="admin-header__brand" to={adminPath(adminId, 'overview')}>
          Admin portal
        </Link>
        <ScreenSearch adminId={adminId} screens={screens} />
        <div className="admin-header__actions">
          <NotificationsDropdown />
          <AdminMenu />
        </div>
      </div>
      <TechnicalNotice />
      <Breadcrumb adminId={adminId} screen={screen} screens={screens} />
    </header>
  );
}
