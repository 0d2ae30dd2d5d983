/**
 * Every /dashboard route of the route table (lib/screens.ts) with its Spanish title (breadcrumb and
 * document title, the same text the screens' headings read from lib/titles.ts) and who may open it,
 * apart from routes.tsx so the start-up frame can draw titles and breadcrumbs without React.
 */
import { ROUTE, paths, type RoutePattern } from '../lib/paths';
import { DASHBOARD_SCREEN_TABLE, type DashboardScreenName, type ScreenDeclaration, type ScreenParams } from '../lib/screens';
import { SCREEN_TITLE } from '../lib/titles';
import type { SessionUser } from '../../../couch-design/roles';

export interface ScreenEntry {
  name: DashboardScreenName;
  /** Relative to /dashboard. */
  path: RoutePattern;
  /** Spanish title: breadcrumb and document title. */
  title: string;
  /** Whether `user` may open it at an address with these parameters. */
  allows: (user: SessionUser, params: ScreenParams) => boolean;
  /** Where anyone it refuses goes. */
  refusedTo: string;
}

/** Another person's profile, until their name is known (the screen then titles itself with it). */
export const OTHERS_PROFILE_TITLE = 'Perfil de Usuario';

const addressOf = (name: string): string => {
  const to = paths[name as DashboardScreenName];
  return typeof to === 'string' ? to : paths.home;
};

export const DASHBOARD_SCREENS: ScreenEntry[] = (Object.entries(DASHBOARD_SCREEN_TABLE) as [DashboardScreenName, ScreenDeclaration][]).map(([name, screen]) => ({
  name,
  path: ROUTE[name],
  title: SCREEN_TITLE[name],
  allows: screen.access ?? (() => true),
  refusedTo: addressOf(screen.refused ?? 'home'),
}));
