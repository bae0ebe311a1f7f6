import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminScreen } from '@web/features/admin/screens/registry';
import { adminPath } from './admin-path';

/** The screens whose title, tab or path hold every word typed (case-insensitive). */
function matchScreens(screens: readonly AdminScreen[], query: string): AdminScreen[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return screens.filter((s) => {
    const text = `${s.title} ${s.tab} ${s.path.replace(/-/g, ' ')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The header's search box (spec section 2 "Header with search box"): finds
 * the admin screens this admin may open by title or tab and goes to the one
 * chosen. A combobox: arrows move through the matches, Enter opens one,
 * Escape closes the list (then clears the box).
 */
export function ScreenSearch({ adminId, screens }: { adminId: string; screens: readonly AdminScreen[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputId = useId();
  const listId = useId();
  const matches = useMemo(() => matchScreens(screens, query), [screens, query]);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const showList = open && matches.length > 0;

  const go = (screen: AdminScreen) => {
    setQuery('');
    setOpen(false);
    navigate(adminPath(adminId, screen.path));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : Math.max(0, matches.length - 1));
          return;
        }
        if (matches.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + matches.length) % matches.length);
        return;
      }
      case 'Enter': {
        const chosen = matches[Math.min(active, matches.length - 1)];
        if (showList && chosen) {
          event.preventDefault();
          go(chosen);
        }
        return;
      }
      case 'Escape':
        if (open) setOpen(false);
        else setQuery('');
        return;
      default:
    }
  };

  return (
    <div className="screen-search" role="search">
      <label htmlFor={inputId} className="visually-hidden">
        Search admin screens
      </label>
      <input
        id={inputId}
        type="search"
        className="staff-search screen-search__input"
        placeholder="Search screens…"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList ? optionId(Math.min(active, matches.length - 1)) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(event.target.value.trim() !== '');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching screens"
        className="dropdown__panel screen-search__list"
        hidden={!showList}
      >
        {showList
          ? matches.map((screen, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant listbox are never focused themselves; the search field keeps focus
              <li
                key={screen.path}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={
                  index === active ? 'screen-search__option screen-search__option--active' : 'screen-search__option'
                }
                // mousedown, not click: the input's blur would close the list first
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(screen);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span>{screen.title}</span>
                <span className="screen-search__tab">{screen.tab}</span>
              </li>
            ))
          : null}
      </ul>
      {open && query.trim() !== '' && matches.length === 0 ? (
        <p className="dropdown__panel screen-search__none">No screen matches “{query.trim()}”.</p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {open && query.trim() !== '' ? `${matches.length} screen${matches.length === 1 ? '' : 's'} found` : ''}
      </p>
    </div>
  );
}
