import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { ApiError } from '@web/lib/api-client';
import { clearSession, readSession } from '@web/lib/session';
import { playErrorSound } from '@web/lib/sounds';
import { notifySuccess } from '@web/lib/toast';
import { logout } from '../api/auth';

/** 'stopped': an admin's logout failed — spec section 8 says that is only logged. */
type Phase = 'working' | 'signed-out' | 'failed' | 'stopped';

/**
 * /logout (spec section 4, "Logout"): POSTs the logout of the stored session,
 * clears session storage and goes to '/'. Staff portals link here. With no
 * stored session there is nothing to end: the page says so.
 */
export function LogoutPage() {
  useDocumentTitle('Log out');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(() => (readSession() ? 'working' : 'signed-out'));
  const started = useRef(false);

  useEffect(() => {
    const session = readSession();
    if (!session || started.current) return;
    started.current = true;
    const announcer = session.userRole === 'announcer';
    logout(session)
      .catch((error: unknown) => {
        // No session on the server any more: already logged out.
        if (error instanceof ApiError && error.status === 401) return;
        throw error;
      })
      .then(() => {
        clearSession();
        if (announcer) notifySuccess(messages.logout.success);
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Logout failed', error);
        if (session.userRole === 'admin') {
          setPhase('stopped');
          return;
        }
        playErrorSound();
        setPhase('failed');
      });
  }, [navigate]);

  return (
    <div className="page page--narrow page--center">
      <h1>Log out</h1>
      <div aria-live="polite">
        {phase === 'working' ? (
          <p>
            <span className="spinner" aria-hidden="true" /> Logging you out…
          </p>
        ) : null}
        {phase === 'signed-out' ? <p>You are logged out.</p> : null}
        {phase === 'failed' ? (
          <p role="alert" className="notice notice--error">
            {messages.logout.failed}
          </p>
        ) : null}
      </div>
      <Link className="button button--primary" to="/">
        Back to home
      </Link>
    </div>
  );
}
