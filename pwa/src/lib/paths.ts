/**
 * Every route of the PWA as addresses (docs/architecture.md section 5; spec 000 section 2, spec 001
 * section 2.1), read from the route table (lib/screens.ts): `ROUTE` has each screen's pattern,
 * `paths` its address (a function of its one parameter where it has one). Links, redirects and
 * the sidebar use `paths`.
 */
import { DASHBOARD_SCREEN_TABLE, PUBLIC_SCREEN_TABLE, type DashboardScreenName } from './screens';

export const AUTH = '/auth';
export const DASHBOARD = '/dashboard';

type Table = typeof DASHBOARD_SCREEN_TABLE;

/** The screens under /dashboard, as patterns relative to it (the route table's `path`). */
export const ROUTE = Object.fromEntries(Object.entries(DASHBOARD_SCREEN_TABLE).map(([name, s]) => [name, s.path])) as {
  readonly [K in DashboardScreenName]: Table[K]['path'];
};

export type RoutePattern = (typeof ROUTE)[keyof typeof ROUTE];

/** The absolute path of a pattern, each `:param` filled in URL-encoded. */
export function dashboardPath(pattern: RoutePattern, params: Record<string, string> = {}): string {
  return `${DASHBOARD}/${pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** The absolute path up to a pattern's first parameter: the prefix every URL of that route starts with. */
export function staticPrefix(pattern: RoutePattern): string {
  return `${DASHBOARD}/${pattern.split('/:')[0]}`;
}

/** A fixed screen's address, or the address of a screen of one record given its id. */
type AddressOf<P extends string> = P extends `${string}:${string}` ? (param: string) => string : string;

function addressOf(pattern: RoutePattern): string | ((param: string) => string) {
  const param = /:(\w+)/.exec(pattern)?.[1];
  return param === undefined ? dashboardPath(pattern) : (value: string) => dashboardPath(pattern, { [param]: value });
}

export const paths = {
  signIn: PUBLIC_SCREEN_TABLE.signIn.path,
  signUp: PUBLIC_SCREEN_TABLE.signUp.path,
  ...(Object.fromEntries(Object.entries(ROUTE).map(([name, pattern]) => [name, addressOf(pattern)])) as {
    readonly [K in DashboardScreenName]: AddressOf<Table[K]['path']>;
  }),
};
