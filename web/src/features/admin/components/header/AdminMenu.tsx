import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAdmin } from '@web/hooks/use-admin';
import { ACCOUNT_PATH } from '@web/lib/staff-paths';
import { usePopupDismiss } from './use-popup-dismiss';

/** Spec section 2 "Header pieces": the menu's label under the username. */
export const ADMIN_ROLE_LABEL = 'Administrator';
/** The spec's Help & Support does nothing: shown, marked as not available yet. */
export const COMING_SOON = 'Coming soon';

interface MenuEntry {
  label: string;
  /** Absent: the entry does nothing yet. */
  onSelect?: () => void;
}

/**
 * The admin menu (spec section 2 "Header pieces"): a button with the
 * signed-in admin's username and 'Administrator'; Account Settings (the
 * Account screen, where staff change their password: DESIGN section 7), Help
 * & Support (coming soon) and Logout, which goes to /logout (spec section 4
 * "Logout"). A menu button: arrows move between entries, Escape closes.
 */
export function AdminMenu() {
  const { user } = useAdmin();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const buttonId = useId();
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  usePopupDismiss(open, root, button, close);

  const entries: MenuEntry[] = [
    {
      // the Account screen: change own password (DESIGN section 7)
      label: 'Account Settings',
      onSelect: () => {
        setOpen(false);
        navigate(ACCOUNT_PATH);
      },
    },
    { label: 'Help & Support' },
    {
      label: 'Logout',
      onSelect: () => {
        setOpen(false);
        navigate('/logout');
      },
    },
  ];

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : entries.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = entries.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const username = user?.username ?? '';

  return (
    <div className="dropdown admin-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="header-button staff-control admin-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <span className="admin-menu__avatar" aria-hidden="true">
          {username ? username.charAt(0).toUpperCase() : '·'}
        </span>
        <span className="admin-menu__who">
          <span className="admin-menu__name">{username || 'Signed in'}</span>
          <span className="admin-menu__role">{ADMIN_ROLE_LABEL}</span>
        </span>
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="dropdown__panel admin-menu__panel"
          onKeyDown={onMenuKey}
        >
          {entries.map((entry, index) => (
            <li role="none" key={entry.label}>
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                className={entry.onSelect ? 'admin-menu__item' : 'admin-menu__item admin-menu__item--soon'}
                aria-disabled={entry.onSelect ? undefined : true}
                title={entry.onSelect ? undefined : COMING_SOON}
                onClick={entry.onSelect}
                onFocus={() => setFocusIndex(index)}
              >
                {entry.label}
                {entry.onSelect ? null : <span className="admin-menu__soon"> · {COMING_SOON}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
