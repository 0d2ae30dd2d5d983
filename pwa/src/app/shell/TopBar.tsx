import { Breadcrumbs, Button, InputGroup, Navbar, NavbarDivider, NavbarGroup, type BreadcrumbProps } from '@blueprintjs/core';
import type { JSX } from 'react';
import { Link } from 'react-router-dom';
import { SyncIndicator } from '../../lib/sync/indicator';
import type { Crumb } from './breadcrumbs';
import { NotificationsMenu } from './NotificationsMenu';

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

function renderCrumb({ text, href }: BreadcrumbProps): JSX.Element {
  if (!href) return <span className="app-crumb app-crumb--current" aria-current="page">{text}</span>;
  return (
    <Link className="app-crumb" to={href}>
      {text}
    </Link>
  );
}

export function TopBar(props: TopBarProps): JSX.Element {
  const { crumbs, fixed, transparent, sidebarExpanded, onToggleSidebar, onOpenSettings, onSignOut, signingOut } = props;
  const classes = ['app-topbar', fixed ? 'app-topbar--fixed' : '', transparent && !fixed ? 'app-topbar--transparent' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Navbar className={classes} data-testid="topbar">
      <NavbarGroup align="left" className="app-topbar__left">
        <Button
          variant="minimal"
          icon="menu"
          aria-label="Mostrar u ocultar el menú lateral"
          aria-expanded={sidebarExpanded}
          title="Menú"
          onClick={onToggleSidebar}
        />
        <nav aria-label="Ruta de navegación" className="app-topbar__crumbs">
          <Breadcrumbs items={crumbs} breadcrumbRenderer={renderCrumb} currentBreadcrumbRenderer={renderCrumb} />
        </nav>
      </NavbarGroup>
      <NavbarGroup align="right" className="app-topbar__right">
        <InputGroup
          className="app-topbar__search"
          type="search"
          leftIcon="search"
          placeholder="Buscar..."
          aria-label="Buscar"
        />
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
