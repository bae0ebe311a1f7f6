import { lazy, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { ACCOUNT_PATH } from '@web/lib/staff-paths';
import { useLogin } from '../hooks/use-login';
import { useSignedInUser } from '../hooks/use-signed-in-user';
import { fitsPortal, loginDestination, portals, type Portal } from '../portals';
import { AccountPage } from './AccountPage';
import { SignedInAs } from './SignedInAs';

/**
 * /admin/login, /partner/login, /announcer/login (spec sections 2, 4, 5, 8);
 * without a portal /login (StaffLoginPage), and with `account` /v1/account
 * (AccountPage), under it /v1/account/regulator/:id the regulator's window (its
 * own chunk): one lazy entry of the router for all, as every byte there is
 * the home page's (DESIGN section 9).
 */
export function LoginPage({ portal, account }: { portal?: Portal; account?: boolean }) {
  const regulatorId = /^regulator\/([^/]+)$/.exec(useParams()['*'] ?? '')?.[1];
  if (account) return regulatorId ? <RegulatorWindowPage regulatorId={regulatorId} /> : <AccountPage />;
  return portal ? <PortalLogin portal={portal} /> : <StaffLoginPage />;
}

/** The regulator's window (/v1/account/regulator/:id): its own chunk, reached through this entry. */
const RegulatorWindowPage = lazy(() =>
  import('@web/features/regulator').then((m) => ({ default: m.RegulatorWindowPage })),
);

function PortalLogin({ portal, title, note }: { portal: Portal; title?: string; note?: string }) {
  const info = portals[portal];
  const heading = title ?? info.title;
  useDocumentTitle(heading);
  const id = useId();
  const { signIn, sending } = useLogin(portal);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const signedIn = useSignedInUser();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    void signIn(email, password);
  };

  return (
    <div className="page page--narrow page--login">
      <h1>{heading}</h1>
      {note ? <p className="lead">{note}</p> : null}
      {signedIn.state.kind === 'user' ? (
        <SignedInAs
          user={signedIn.state.user}
          continueTo={continueTo(portal, signedIn.state.user)}
          onSignOut={() => void signedIn.signOut()}
          signingOut={signedIn.signingOut}
        />
      ) : (
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
      )}
    </div>
  );
}

/** Where "Continue as …" goes: the account's home (or its forced password change), if this portal takes its role. */
function continueTo(portal: Portal, user: { id: string; role: string; must_change_password?: boolean }) {
  if (!fitsPortal(portal, user.role)) return undefined;
  const outcome = loginDestination(portal, user);
  if (outcome.kind !== 'navigate') return undefined;
  return user.must_change_password ? ACCOUNT_PATH : outcome.to;
}

/**
 * /login, where admin screens send unauthorised visitors (spec section 2):
 * signs in through the admin portal's rules, which take every staff role to
 * its own home (spec section 4, "Login").
 */
const StaffLoginPage = () => (
  <PortalLogin
    portal="admin"
    title="Staff login"
    note="Admins, partners and announcers sign in here and go straight to their own portal."
  />
);
