/**
 * Sidebar entries by role (spec 001 section 2.2): non-admins never see Dashboard, Usuarios or
 * Empleados and get Perfil first; Mi Nómina needs a linked employee on the stored user.
 * Sign-up, create and edit screens are never listed.
 */
import type { IconName } from '@blueprintjs/icons';
import type { SessionUser } from '../../../../couch-design/roles';
import { paths, ROUTE, staticPrefix } from '../../lib/paths';
import { DASHBOARD_SCREEN_TABLE, type DashboardScreenName, type ScreenDeclaration } from '../../lib/screens';

export interface NavEntry {
  slug: string;
  label: string;
  to: string;
  icon: IconName;
  /** Path prefixes of the screens that belong to this entry (it lights up on them). */
  section: string[];
  /** Prefixes inside `section` owned by another entry. */
  except?: string[];
  /** Who sees it (lib/screens.ts: who may open its screen, or the entry's own rule). */
  shown: (user: SessionUser) => boolean;
}

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The route table's sidebar entries, in its order; each lights up on its screen and the ones it names. */
const ENTRIES: NavEntry[] = (Object.entries(DASHBOARD_SCREEN_TABLE) as [DashboardScreenName, ScreenDeclaration][]).flatMap(([name, screen]) => {
  const { menu } = screen;
  if (!menu) return [];
  const lights = (menu.lights ?? []) as DashboardScreenName[];
  return [
    {
      slug: menu.slug,
      label: menu.label,
      to: staticPrefix(ROUTE[name]),
      icon: menu.icon,
      section: [staticPrefix(ROUTE[name]), ...lights.map((other) => staticPrefix(ROUTE[other]))],
      shown: menu.shown ?? ((user: SessionUser) => screen.access?.(user, {}) ?? true),
    },
  ];
});
// An entry inside another's section (Nueva Captación in Proyectos') keeps its screens to itself.
for (const entry of ENTRIES) {
  const inside = ENTRIES.filter((other) => other !== entry && entry.section.some((p) => other.to !== p && within(other.to, p))).map((other) => other.to);
  if (inside.length) entry.except = inside;
}
const USUARIOS_SLUG = 'usuarios';


/**
 * /dashboard/profile/{id} of someone other than `userId`: an admin came from Usuarios, so it is
 * neither 'Perfil' (their own) nor titled 'Mi Perfil' (issue 20 item 5).
 */
export function isOthersProfile(pathname: string, userId: string | null | undefined): boolean {
  const prefix = `${paths.profile}/`;
  if (!pathname.startsWith(prefix)) return false;
  const id = decodeURIComponent(pathname.slice(prefix.length).replace(/\/$/, ''));
  return id !== '' && id !== userId;
}

/** The entry stays lit on the screens reached from it (detail, edit...), not only on its own path. */
export function isEntryActive(entry: NavEntry, pathname: string, userId?: string | null): boolean {
  if (isOthersProfile(pathname, userId)) return entry.slug === USUARIOS_SLUG;
  if (entry.except?.some((p) => within(pathname, p))) return false;
  return entry.section.some((p) => within(pathname, p));
}

export function navEntriesFor(user: SessionUser | null): NavEntry[] {
  if (!user) return [];
  return ENTRIES.filter((entry) => entry.shown(user));
}
