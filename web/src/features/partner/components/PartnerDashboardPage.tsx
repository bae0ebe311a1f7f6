import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /v1/partner/:id/dashboard (spec section 2, "Partner dashboard"), in its own chunk. */
export function PartnerDashboardPage() {
  useDocumentTitle('Partner dashboard');
  return (
    <main id="main" className="page page--narrow page--center portal-placeholder">
      <h1>Partner dashboard</h1>
      <p>The partner dashboard is on its way. Check back soon.</p>
      <Link className="button button--secondary" to="/logout">
        Log out
      </Link>
    </main>
  );
}
