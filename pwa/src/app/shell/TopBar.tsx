import { Button, Classes, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useCallback, type JSX } from 'react';
import { Link } from 'react-router-dom';
import { GlobalSearch } from '../../components/search/GlobalSearch';
import { useSession } from '../../lib/session';
import { SyncIndicator } from '../../lib/sync/indicator';
import type { Crumb } from './breadcrumbs';
import { NotificationsMenu } from './NotificationsMenu';
import { PHONE_QUERY } from './settings';
import { useMediaQuery } from './use-media-query';

interface TopBarProps {
  crumbs: Crumb[];
  fixed: boolean;
  transparent: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * Blueprint's look without its <Breadcrumbs>: that one collapses into an English-labelled
 * overflow menu measured from layout; ours always shows the short trail and lets CSS truncate.
 */
function Trail({ crumbs }: { crumbs: Crumb[] }): JSX.Element {
  return (
    <nav aria-label="Ruta de navegación" className="app-topbar__crumbs">
      <ol className={Classes.BREADCRUMBS}>
        {crumbs.map((crumb, i) => {
          const current = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.text}`}>
              {current || !crumb.href ? (
                <span
                  className={`${Classes.BREADCRUMB} app-crumb${current ? ` ${Classes.BREADCRUMB_CURRENT} app-crumb--current` : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {crumb.text}
                </span>
              ) : (
                <Link className={`${Classes.BREADCRUMB} app-crumb`} to={crumb.href}>
                  {crumb.text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function TopBar(props: TopBarProps): JSX.Element {
  const { crumbs, fixed, transparent, sidebarExpanded, onToggleSidebar, onOpenSettings, onSignOut, signingOut } = props;
  const classes = ['app-topbar', fixed ? 'app-topbar--fixed' : '', transparent && !fixed ? 'app-topbar--transparent' : '']
    .filter(Boolean)
    .join(' ');
  const { user } = useSession();
  const phone = useMediaQuery(PHONE_QUERY);
  const loadSources = useCallback(async () => {
    const { searchSourcesFor } = await import('./search-sources');
    return user ? searchSourcesFor(user) : [];
  }, [user]);
  return (
    <Navbar className={classes} data-testid="topbar" role="banner">
      <NavbarGroup align="left" className="app-topbar__left">
        <Button
          variant="minimal"
          icon="menu"
          aria-label="Mostrar u ocultar el menú lateral"
          aria-expanded={sidebarExpanded}
          title="Menú"
          onClick={onToggleSidebar}
        />
        <Trail crumbs={crumbs} />
      </NavbarGroup>
      <NavbarGroup align="right" className="app-topbar__right">
        {user ? <GlobalSearch key={`${user.id}|${user.role}`} loadSources={loadSources} compact={phone} /> : null}
        <SyncIndicator />
        <NavbarDivider />
        <NotificationsMenu />
        <Button
          variant="minimal"
          icon="cog"
          aria-label="Configuración"
          title="Configuración"
          data-testid="settings"
          onClick={onOpenSettings}
        />
        <Button variant="minimal" icon="log-out" data-testid="logout" loading={signingOut} onClick={onSignOut}>
          <span className="app-topbar__logout-text">Cerrar sesión</span>
        </Button>
      </NavbarGroup>
    </Navbar>
  );
}
