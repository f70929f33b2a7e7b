import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { SITE_NAV_LINKS } from '../../common/routes';
import { useDarkMode } from '../../common/use-dark-mode';
import { ChevronDownIcon, Logo, MoonIcon, SunIcon } from './icons';

interface SiteHeaderProps {
  /** The current path, to mark the current page's link. */
  path: string;
}

/**
 * The `full` header type: logo to `/`, dark-mode button, text links on desktop; on tablets and
 * phones a chevron opens the app menu popover instead. `expanded` is the menu-expanded flag.
 */
export function SiteHeader({ path }: SiteHeaderProps) {
  const [dark, setDark] = useDarkMode();
  const [expanded, setExpanded] = useState(false);
  const menuId = useId();
  const chevronRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setExpanded(false);
    if (returnFocus) chevronRef.current?.focus();
  }, []);

  // A layout effect: the first link has focus before the visitor's next key press.
  useLayoutEffect(() => {
    if (!expanded) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !chevronRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [expanded, close]);

  const themeLabel = dark ? 'Switch to light mode' : 'Switch to dark mode';

  return (
    <header className="site-header" data-expanded={expanded ? 'true' : 'false'}>
      <div className="site-header__inner">
        <a className="site-header__logo" href="/" aria-label="Northwind Computer Services, home">
          <Logo />
        </a>
        <nav className="site-header__links" aria-label="Main">
          <ul>
            {SITE_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={path === link.href ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={themeLabel}
            title={themeLabel}
            aria-pressed={dark}
            onClick={() => setDark(!dark)}
          >
            <span className="theme-icon theme-icon--moon">
              <MoonIcon />
            </span>
            <span className="theme-icon theme-icon--sun">
              <SunIcon />
            </span>
          </button>
          <button
            ref={chevronRef}
            type="button"
            className="icon-button site-header__chevron"
            aria-label="Open menu"
            aria-haspopup="true"
            aria-expanded={expanded}
            aria-controls={menuId}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDownIcon />
          </button>
        </div>
      </div>
      <div ref={menuRef} id={menuId} className="app-menu-popover" hidden={!expanded}>
        <nav aria-label="App menu">
          <ul>
            {SITE_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={() => setExpanded(false)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  setDark(!dark);
                  close(true);
                }}
              >
                {dark ? <SunIcon size={20} /> : <MoonIcon size={20} />}
                <span>{dark ? 'Light Mode' : 'Dark Mode'}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
