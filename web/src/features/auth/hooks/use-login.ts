import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@web/lib/api-client';
import { saveSession } from '@web/lib/session';
import { ACCOUNT_PATH } from '@web/lib/staff-paths';
import { playSuccessSound } from '@web/lib/sounds';
import { notifyError } from '@web/lib/toast';
import { login } from '../api/auth';
import { loginDestination, portals, type Portal } from '../portals';

/** Signs in at a portal, stores the UI session keys and goes to the role's home. */
export function useLogin(portal: Portal) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const signIn = async (email: string, password: string) => {
    if (sending) return;
    setSending(true);
    try {
      const { user } = await login(portal, { email: email.trim(), password });
      const outcome = loginDestination(portal, user);
      if (outcome.kind === 'refuse') {
        notifyError(outcome.message);
        return;
      }
      saveSession({
        userId: user.id,
        userRole: user.role,
        ...(portal === 'admin' ? { superAdmin: user.super_admin === true } : {}),
      });
      playSuccessSound();
      // a password a super admin reset is changed first (DESIGN section 7): nothing else is open until then
      navigate(user.must_change_password ? ACCOUNT_PATH : outcome.to);
    } catch (error) {
      notifyError(errorMessage(error, portals[portal].unexpectedError));
    } finally {
      setSending(false);
    }
  };

  return { signIn, sending };
}
