import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="page page--narrow page--center">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button button--primary" to="/">
        Back to home
      </Link>
    </div>
  );
}
