import { useId, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useLogin } from '../hooks/use-login';
import { portals, type Portal } from '../portals';

/** /admin/login, /partner/login, /announcer/login (spec sections 2, 4, 5, 8). */
export function LoginPage({ portal, title, note }: { portal: Portal; title?: string; note?: string }) {
  const info = portals[portal];
  const heading = title ?? info.title;
  useDocumentTitle(heading);
  const id = useId();
  const { signIn, sending } = useLogin(portal);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    void signIn(email, password);
  };

  return (
    <div className="page page--narrow page--login">
      <h1>{heading}</h1>
      {note ? <p className="lead">{note}</p> : null}
      <form className="card form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="field field--inline">
          <input
            id={`${id}-show`}
            type="checkbox"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          <label htmlFor={`${id}-show`}>Show password</label>
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </div>
  );
}

/**
 * /login, where admin screens send unauthorised visitors (spec section 2):
 * signs in through the admin portal's rules, which take every staff role to
 * its own home (spec section 4, "Login").
 */
export const StaffLoginPage = () => (
  <LoginPage
    portal="admin"
    title="Staff login"
    note="Admins, partners and announcers sign in here and go straight to their own portal."
  />
);
