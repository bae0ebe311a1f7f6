import { Link } from 'react-router-dom';
import type { AdminScreen } from '../screens/registry';

/** Placeholder header: search box, notice, breadcrumb, notifications and menu arrive with issue 9. */
export function AdminHeader({ screen }: { screen: AdminScreen | undefined }) {
  return (
    <header className="admin-header">
      <p>Admin{screen ? ` / ${screen.title}` : ''}</p>
      <Link to="/logout">Logout</Link>
    </header>
  );
}
