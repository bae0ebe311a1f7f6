import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /v1/announcer/:id/dashboard (spec section 2, "Announcer dashboard"), in its own chunk. */
export function AnnouncerDashboardPage() {
  useDocumentTitle('Announcer dashboard');
  return (
    <main id="main" className="page page--narrow page--center portal-placeholder">
      <h1>Announcer dashboard</h1>
      <p>The announcer dashboard is on its way. Check back soon.</p>
      <Link className="button button--secondary" to="/logout">
        Log out
      </Link>
    </main>
  );
}
