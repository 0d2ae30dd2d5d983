/** The chrome around every /dashboard screen (spec 001 section 2.2). */
import { Drawer, Position } from '@blueprintjs/core';
import { Suspense, useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { prefetchBlueprintStyles } from '../../lib/blueprint-styles';
import { paths } from '../../lib/paths';
import { useScreenTitleOf } from '../../lib/screen-title';
import { useSession } from '../../lib/session';
import { ScreenLoading } from '../loading';
import { breadcrumbsFor, type TitledRoute } from './breadcrumbs';
import { Footer } from './Footer';
import { navEntriesFor } from './nav-entries';
import { SettingsDrawer } from './SettingsDrawer';
import { OVERLAY_SIDEBAR_QUERY } from './settings';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useMediaQuery } from './use-media-query';
import { useUiSettings } from './use-ui-settings';

const SHEET_AFTER_PAINT_MS = 1_000;

/** `screens` gives the breadcrumb its titles (passed in to keep the route table the one source). */
export function Shell({ screens }: { screens: TitledRoute[] }): JSX.Element {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [settings, updateSettings] = useUiSettings();
  const overlayMode = useMediaQuery(OVERLAY_SIDEBAR_QUERY);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // The next screens need Blueprint's whole sheet: fetch it once this one has been drawn, not in
  // the way of its first paint on a slow network.
  useEffect(() => {
    const timer = window.setTimeout(() => void prefetchBlueprintStyles(), SHEET_AFTER_PAINT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const entries = useMemo(() => navEntriesFor(user), [user]);
  const title = useScreenTitleOf(pathname);
  const userId = user?.id;
  const crumbs = useMemo(() => breadcrumbsFor(pathname, screens, { userId, title }), [pathname, screens, userId, title]);

  const toggleSidebar = useCallback(() => {
    if (overlayMode) setOverlayOpen((open) => !open);
    else updateSettings({ sidebarOpen: !settings.sidebarOpen });
  }, [overlayMode, settings.sidebarOpen, updateSettings]);

  const handleSignOut = useCallback(async () => {
    setSigningOut(true);
    try {
      if (await signOut()) navigate(paths.signIn, { replace: true });
    } finally {
      setSigningOut(false);
    }
  }, [signOut, navigate]);

  const closeOverlay = () => setOverlayOpen(false);
  const sidebar = (collapsed: boolean, overlay: boolean) => (
    <Sidebar
      entries={entries}
      userId={userId}
      color={settings.sidebarColor}
      type={settings.sidebarType}
      collapsed={collapsed}
      onNavigate={overlay ? closeOverlay : undefined}
      onClose={overlay ? closeOverlay : undefined}
    />
  );

  return (
    <div className={`app-shell${overlayMode ? ' app-shell--overlay' : ''}`}>
      {overlayMode ? (
        <Drawer
          isOpen={overlayOpen}
          onClose={closeOverlay}
          position={Position.LEFT}
          size="272px"
          className="app-sidebar-drawer"
          aria-label="Menú principal"
        >
          {sidebar(false, true)}
        </Drawer>
      ) : (
        <aside className="app-shell__aside">{sidebar(!settings.sidebarOpen, false)}</aside>
      )}
      <div className="app-shell__main">
        <TopBar
          crumbs={crumbs}
          fixed={settings.fixedNavbar}
          transparent={settings.transparentNavbar}
          sidebarExpanded={overlayMode ? overlayOpen : settings.sidebarOpen}
          onToggleSidebar={toggleSidebar}
          onOpenSettings={() => setSettingsOpen(true)}
          onSignOut={() => void handleSignOut()}
          signingOut={signingOut}
        />
        <main className="app-shell__content" id="contenido">
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <SettingsDrawer
        isOpen={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        settings={settings}
        onChange={updateSettings}
      />
    </div>
  );
}
