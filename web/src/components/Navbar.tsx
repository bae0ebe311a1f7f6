import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { site, ussdHref } from '../lib/site';
import { Logo } from './Logo';

/**
 * The menu is the players' (issue 35): the games, their results, how to play, the fairness proof and the
 * ticket checks. Staff logins and the software services page are in the footer.
 */
const NAV_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/daily-draw', label: 'Daily Giveaway' },
  { to: '/jackpot', label: 'Jackpot' },
  { to: '/results', label: 'Results' },
  { to: '/winners', label: 'Winners' },
  { to: '/how-to-play', label: 'How to Play' },
  { to: '/fair-draws', label: 'Fair draws' },
  { to: '/#check-ticket', label: 'Check a ticket' },
  { to: '/my-tickets', label: 'My tickets' },
];

export function Navbar() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="brand">
          <Logo />
          <span>{site.name}</span>
        </Link>
        {/* dials the code (the # escaped in the URI); a desktop without a phone app shows the code to dial */}
        <a href={ussdHref} className="button button--ussd">
          <span className="wide-only" aria-hidden="true">
            ☎{' '}
          </span>
          <span className="wide-only">Dial </span>
          {site.ussdCode}
        </a>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle__icon" aria-hidden="true">
            {open ? '✕' : '☰'}
          </span>
          <span className="menu-toggle__label">{open ? 'Close menu' : 'Menu'}</span>
        </button>
      </div>
      <nav id="site-menu" aria-label="Main" className={open ? 'site-nav site-nav--open' : 'site-nav'} data-open={open}>
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={pathname === link.to ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
