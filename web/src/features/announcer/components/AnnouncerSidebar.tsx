import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_PATH } from '@web/lib/staff-paths';

const ANNOUNCER_TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'winners', label: 'Recent Winners' },
  { id: 'statement', label: 'Statement' },
] as const;

export type AnnouncerTab = (typeof ANNOUNCER_TABS)[number]['id'];

export interface AnnouncerSidebarProps {
  open: boolean;
  onToggle: () => void;
  tab: AnnouncerTab;
  onTab: (tab: AnnouncerTab) => void;
}

/**
 * Spec section 2: the collapsible sidebar (open/close toggle, logout) with
 * the tabs Dashboard, Promotions, Recent Winners. Logging out goes through
 * /logout, which ends the session, says 'Logged out successfully' and goes
 * home (or 'Logout failed. Please refresh your browser and try again.').
 */
export function AnnouncerSidebar({ open, onToggle, tab, onTab }: AnnouncerSidebarProps) {
  const navId = useId();
  return (
    <aside
      className={open ? 'announcer-sidebar' : 'announcer-sidebar announcer-sidebar--closed'}
      aria-label="Announcer menu"
    >
      <button
        type="button"
        className="button button--secondary button--small announcer-sidebar__toggle"
        aria-expanded={open}
        aria-controls={navId}
        onClick={onToggle}
      >
        {open ? 'Close menu' : 'Open menu'}
      </button>
      <nav id={navId} aria-label="Announcer sections" hidden={!open}>
        <ul className="announcer-sidebar__list" role="list">
          {ANNOUNCER_TABS.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.id === tab ? 'staff-tab staff-tab--active' : 'staff-tab'}
                aria-current={item.id === tab ? 'page' : undefined}
                onClick={() => onTab(item.id)}
              >
                {item.label}
              </button>
            </li>
          ))}
          <li className="announcer-sidebar__logout">
            <Link className="staff-tab" to={ACCOUNT_PATH}>
              Account
            </Link>
          </li>
          <li>
            <Link className="staff-tab" to="/logout">
              Log out
            </Link>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
