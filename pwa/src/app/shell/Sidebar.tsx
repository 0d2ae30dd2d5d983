import { Classes, Icon } from '@blueprintjs/core';
import type { JSX } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavEntry } from './nav-entries';
import type { SidebarColor, SidebarType } from './settings';

export const BRAND_NAME = 'Inmobiliaria';

interface SidebarProps {
  entries: NavEntry[];
  color: SidebarColor;
  type: SidebarType;
  /** Desktop mini mode: icons only, names kept for screen readers and tooltips. */
  collapsed?: boolean;
  /** Called after following an entry (closes the tablet overlay). */
  onNavigate?: () => void;
}

export function Sidebar({ entries, color, type, collapsed = false, onNavigate }: SidebarProps): JSX.Element {
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
      </div>
      <hr className="app-sidebar__divider" />
      <ul className="app-sidebar__list">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <NavLink
              to={entry.to}
              end={entry.end}
              data-testid={`nav-${entry.slug}`}
              title={collapsed ? entry.label : undefined}
              className={({ isActive }) => `app-sidebar__link${isActive ? ' is-active' : ''}`}
              onClick={onNavigate}
            >
              <Icon icon={entry.icon} size={16} className="app-sidebar__icon" />
              <span className="app-sidebar__label">{entry.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
