import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * /v1/admin/:id/* — the admin portal (spec section 2, "Staff areas"). Loaded
 * in its own chunk; its screens arrive with the admin issues.
 */
export function AdminPortalPage() {
  useDocumentTitle('Admin portal');
  const { '*': screen } = useParams();
  return (
    <main id="main" className="page page--narrow page--center portal-placeholder">
      <h1>Admin portal</h1>
      <p>The admin portal{screen ? ` (${screen})` : ''} is on its way. Check back soon.</p>
      <Link className="button button--secondary" to="/logout">
        Log out
      </Link>
    </main>
  );
}
