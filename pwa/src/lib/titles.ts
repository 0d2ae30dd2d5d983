/**
 * The Spanish title of each screen, read from the route table (lib/screens.ts; issue 21): the
 * screens' headings read it, and so do the shell's breadcrumbs, the document title and the
 * start-up frame, so the two can never disagree. A second reading of a screen has its title.
 */
import { DASHBOARD_SCREEN_TABLE, PUBLIC_SCREEN_TABLE, type DashboardScreenName, type PublicScreenName } from './screens';

type Table = typeof DASHBOARD_SCREEN_TABLE;
type TitleOf<K extends DashboardScreenName> = Table[K] extends { title: string } ? Table[K]['title'] : Table[K] extends { sameAs: infer S extends DashboardScreenName } ? TitleOf<S> : never;

function titleOf(name: DashboardScreenName): string {
  const screen: { title?: string; sameAs?: DashboardScreenName } = DASHBOARD_SCREEN_TABLE[name];
  return screen.title ?? titleOf(screen.sameAs ?? 'home');
}

export const SCREEN_TITLE = {
  ...(Object.fromEntries(Object.keys(DASHBOARD_SCREEN_TABLE).map((name) => [name, titleOf(name as DashboardScreenName)])) as {
    readonly [K in DashboardScreenName]: TitleOf<K>;
  }),
  ...(Object.fromEntries(Object.entries(PUBLIC_SCREEN_TABLE).map(([name, s]) => [name, s.title])) as {
    readonly [K in PublicScreenName]: (typeof PUBLIC_SCREEN_TABLE)[K]['title'];
  }),
};

/** The product's name: the sidebar, the sign-in and registration cards and every document title ('Inicio · Inmobiliaria'). */
export const BRAND_NAME = 'Inmobiliaria';
