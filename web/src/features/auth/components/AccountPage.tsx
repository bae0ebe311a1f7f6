import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authRoutes } from '@shared/api/routes/auth';
import { messages } from '@shared/messages';
import { isRole } from '@shared/roles';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { errorMessage } from '@web/lib/api-client';
import { callRoute } from '@web/lib/api-routes';
import { homeOf, roleLabel } from '@web/lib/staff-paths';
import { notifySuccess } from '@web/lib/toast';
import { useSignedInUser } from '../hooks/use-signed-in-user';

const FIELDS = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];
const EMPTY: Record<FieldName, string> = { current_password: '', new_password: '', confirm_password: '' };

/**
 * /v1/account — every staff role's Account screen (DESIGN section 7): change
 * one's own password with the current one. Success signs out the account's
 * other sessions; this one goes on. After a super admin's reset the portals
 * send the user here first, and only here is open until the change.
 */
export function AccountPage() {
  useDocumentTitle('Account');
  const id = useId();
  const navigate = useNavigate();
  const { state } = useSignedInUser();
  const [values, setValues] = useState(EMPTY);
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (state.kind === 'none') navigate('/login', { replace: true });
  }, [state.kind, navigate]);
  if (state.kind !== 'user') return <div className="page page--narrow" aria-busy="true" />;
  const { user } = state;
  const forced = user.must_change_password === true && done === null;
  const home = isRole(user.role) ? homeOf[user.role](user.id) : '/';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const { message } = await callRoute(authRoutes.changePassword, {}, { body: values });
      setValues(EMPTY);
      setDone(message);
      notifySuccess(message);
      if (user.must_change_password) navigate(home, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page page--narrow page--login">
      <h1>Account</h1>
      <p className="lead">
        Signed in as <strong>{user.username}</strong> ({roleLabel(user)}, {user.email}).
      </p>
      {forced ? (
        <p className="notice notice--error" role="status">
          {messages.auth.mustChangePassword}
        </p>
      ) : null}
      <form className="card form" onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Change password</h2>
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={shown ? 'text' : 'password'}
              autoComplete={field.autoComplete}
              required
              value={values[field.name]}
              onChange={(event) => setValues((all) => ({ ...all, [field.name]: event.target.value }))}
            />
          </div>
        ))}
        <p className="field__note">At least 8 characters, different from the current one.</p>
        <div className="field field--inline">
          <input
            id={`${id}-show`}
            type="checkbox"
            checked={shown}
            onChange={(event) => setShown(event.target.checked)}
          />
          <label htmlFor={`${id}-show`}>Show passwords</label>
        </div>
        <div aria-live="polite">
          {error ? (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          ) : null}
          {done ? <p className="notice notice--success">{done}</p> : null}
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Changing password…' : 'Change password'}
        </button>
      </form>
      <p>
        {forced ? null : (
          <>
            <Link to={home}>Back to my portal</Link> ·{' '}
          </>
        )}
        <Link to="/logout">Log out</Link>
      </p>
    </div>
  );
}
