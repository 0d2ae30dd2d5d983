import { Button, Classes, Icon } from '@blueprintjs/core';
import type { JSX } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isEntryActive, type NavEntry } from './nav-entries';
import type { SidebarColor, SidebarType } from './settings';
import { BRAND_NAME } from '../../lib/titles';

interface SidebarProps {
  entries: NavEntry[];
  color: SidebarColor;
  type: SidebarType;
  /** Desktop mini mode: icons only, names kept for screen readers and tooltips. */
  collapsed?: boolean;
  /** Called after following an entry (closes the tablet overlay). */
  onNavigate?: () => void;
  /** Shows a close button (tablet overlay). */
  onClose?: () => void;
  /** The signed-in person: another person's profile does not light 'Perfil'. */
  userId?: string | null;
}

export function Sidebar({ entries, color, type, collapsed = false, onNavigate, onClose, userId }: SidebarProps): JSX.Element {
  const { pathname } = useLocation();
  const classes = [
    'app-sidebar',
    `app-sidebar--type-${type}`,
    `app-sidebar--color-${color}`,
    collapsed ? 'app-sidebar--collapsed' : '',
    type === 'dark' ? Classes.DARK : '',
  ].join(' ');
  return (
    <nav className={classes} aria-label="Menú principal">
      <div className="app-sidebar__brand">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="app-sidebar__brand-name">{BRAND_NAME}</span>
        {onClose && (
          <Button className="app-sidebar__close" variant="minimal" icon="cross" aria-label="Cerrar menú" onClick={onClose} />
        )}
      </div>
      <hr className="app-sidebar__divider" />
      <ul className="app-sidebar__list">
        {entries.map((entry) => {
          const active = isEntryActive(entry, pathname, userId);
          return (
            <li key={entry.slug}>
              <Link
                to={entry.to}
                data-testid={`nav-${entry.slug}`}
                title={collapsed ? entry.label : undefined}
                aria-current={active ? 'page' : undefined}
                className={`app-sidebar__link${active ? ' is-active' : ''}`}
                onClick={onNavigate}
              >
                <Icon icon={entry.icon} size={16} className="app-sidebar__icon" />
                <span className="app-sidebar__label">{entry.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
