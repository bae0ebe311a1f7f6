import { useCallback, useEffect, useState } from 'react';
import { authRoutes } from '@shared/api/routes/auth';
import type { SessionUser } from '@shared/api/schemas/auth';
import { errorMessage } from '@web/lib/api-client';
import { callRoute } from '@web/lib/api-routes';
import { clearSession } from '@web/lib/session';
import { notifyError } from '@web/lib/toast';
import { logout } from '../api/auth';

export type SignedInState = { kind: 'checking' } | { kind: 'none' } | { kind: 'user'; user: SessionUser };

/**
 * Who this browser is signed in as, whatever the tab (the session is one
 * cookie for all of them: DESIGN section 7), asked once from GET /auth/me —
 * so a login page can say so rather than silently replace that session —
 * and a way to end that session first.
 */
export function useSignedInUser() {
  const [state, setState] = useState<SignedInState>({ kind: 'checking' });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    const request = new AbortController();
    callRoute(authRoutes.me, {}, { signal: request.signal }).then(
      ({ user }) => setState({ kind: 'user', user }),
      () => {
        // 401 (nobody) or unreachable: the form is the way on either way
        if (!request.signal.aborted) setState({ kind: 'none' });
      },
    );
    return () => request.abort();
  }, []);

  const signOut = useCallback(async () => {
    if (state.kind !== 'user' || signingOut) return;
    setSigningOut(true);
    try {
      await logout({ userId: state.user.id, userRole: state.user.role });
      clearSession();
      setState({ kind: 'none' });
    } catch (error) {
      notifyError(errorMessage(error, 'Could not sign out. Please try again.'));
    } finally {
      setSigningOut(false);
    }
  }, [state, signingOut]);

  return { state, signOut, signingOut };
}
