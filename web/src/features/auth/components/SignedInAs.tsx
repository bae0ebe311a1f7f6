import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@shared/api/schemas/auth';
import { roleLabel } from '@web/lib/staff-paths';

/**
 * The login page of a portal while the browser is signed in already (one
 * session cookie for every tab, DESIGN section 7): says which account, and
 * offers to go on as it (when its role fits this portal) or to end it first —
 * so signing in here never ends another tab's session silently.
 */
export function SignedInAs({
  user,
  continueTo,
  onSignOut,
  signingOut,
}: {
  user: SessionUser;
  /** Absent: this account's role cannot use this portal. */
  continueTo: string | undefined;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const headingId = useId();
  return (
    <section className="card form" aria-labelledby={headingId}>
      <h2 id={headingId}>Already signed in</h2>
      <p>
        This browser is signed in as <strong>{user.username}</strong> ({roleLabel(user)}, {user.email}). Signing in here
        would sign that account out in every tab.
      </p>
      {continueTo ? (
        <Link className="button button--primary" to={continueTo}>
          Continue as {user.username}
        </Link>
      ) : (
        <p>That account cannot use this portal.</p>
      )}
      <button type="button" className="button button--secondary" disabled={signingOut} onClick={onSignOut}>
        {signingOut ? 'Signing out…' : 'Sign out and sign in here'}
      </button>
    </section>
  );
}
