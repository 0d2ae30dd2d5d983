/**
 * A still picture of the screen a signed-in page opens on: the shell (sidebar, top bar with its
 * breadcrumb) and the screen's title over a spinner. The start-up script draws it as soon as it
 * knows who is signed in without asking (the gateway wrote the answer into the page), so a phone
 * on a slow network shows the screen's frame at first paint instead of a loading screen until
 * React and the screen's code have arrived. React then draws the real shell in its place, with
 * the same classes at the same positions (e2e/shell.test.ts measures them); buttons and icons
 * come with it. No React here: this runs before React has arrived.
 */
import type { SessionUser } from '../../../couch-design/roles';
import type { RoutePattern } from '../lib/paths';
import { DASHBOARD_SCREEN_TABLE, type ScreenDeclaration } from '../lib/screens';
import { BRAND_NAME } from '../lib/titles';
import { matchScreen } from './match-screen';
import { DASHBOARD_SCREENS } from './screen-titles';
import { breadcrumbsFor } from './shell/breadcrumbs';
import { isEntryActive, navEntriesFor } from './shell/nav-entries';
import { loadUiSettings, OVERLAY_SIDEBAR_QUERY } from './shell/settings';
import { LOADING_SCREEN } from './shell/shell-texts';

/**
 * The screens whose header is the shared PageHeader and whose h1 is their route's title (`frame`
 * in lib/screens.ts; the users list draws a header of its own), checked against each screen's
 * own title by still-frame.test.ts, and whether their header has buttons (page.css then gives
 * the title's row their height). Any other screen's frame has no title.
 */
export const TITLED_SCREENS: Partial<Record<RoutePattern, { actions: boolean }>> = Object.fromEntries(
  (Object.values(DASHBOARD_SCREEN_TABLE) as ScreenDeclaration[]).flatMap((s) => (s.frame ? [[s.path, s.frame]] : [])),
);

type Child = Node | string | null;

function el(tag: string, attrs: Record<string, string | undefined>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An icon's box, empty: its paths arrive with the icons' code and React's render. */
function iconBox(className: string): HTMLElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  return el('span', { class: `bp6-icon ${className}`.trim(), 'aria-hidden': 'true' }, svg);
}

/**
 * A minimal button's box, unseen: it keeps the breadcrumb and the title where React will draw
 * them, and is no button until then.
 */
function buttonBox(): HTMLElement {
  return el('span', { class: 'bp6-button bp6-minimal app-placeholder', 'aria-hidden': 'true' }, iconBox(''));
}

function spinner(): HTMLElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ width: '32', height: '32', 'stroke-width': '12.50', viewBox: '-1.25 -1.25 102.50 102.50' }))
    svg.setAttribute(name, value);
  const circle = 'M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90';
  const track = document.createElementNS(SVG, 'path');
  track.setAttribute('class', 'bp6-spinner-track');
  track.setAttribute('d', circle);
  const head = document.createElementNS(SVG, 'path');
  for (const [name, value] of Object.entries({ class: 'bp6-spinner-head', d: circle, pathLength: '280', 'stroke-dasharray': '280 280', 'stroke-dashoffset': '210' }))
    head.setAttribute(name, value);
  svg.append(track, head);
  return el('div', { class: 'bp6-spinner', 'aria-hidden': 'true' }, el('div', { class: 'bp6-spinner-animation' }, svg));
}

function sidebar(user: SessionUser, pathname: string, collapsed: boolean, type: string, color: string): HTMLElement {
  const classes = ['app-sidebar', `app-sidebar--type-${type}`, `app-sidebar--color-${color}`];
  if (collapsed) classes.push('app-sidebar--collapsed');
  if (type === 'dark') classes.push('bp6-dark');
  const items = navEntriesFor(user).map((entry) => {
    const active = isEntryActive(entry, pathname, user.id);
    return el(
      'li',
      {},
      el(
        'a',
        {
          href: entry.to,
          class: `app-sidebar__link${active ? ' is-active' : ''}`,
          title: collapsed ? entry.label : undefined,
          'aria-current': active ? 'page' : undefined,
        },
        iconBox('app-sidebar__icon'),
        el('span', { class: 'app-sidebar__label' }, entry.label),
      ),
    );
  });
  return el(
    'nav',
    { class: classes.join(' '), 'aria-label': 'Menú principal' },
    el('div', { class: 'app-sidebar__brand' }, el('img', { src: '/favicon.svg', alt: '', width: '32', height: '32' }), el('span', { class: 'app-sidebar__brand-name' }, BRAND_NAME)),
    el('hr', { class: 'app-sidebar__divider' }),
    el('ul', { class: 'app-sidebar__list' }, ...items),
  );
}

function topBar(pathname: string, userId: string, fixed: boolean, transparent: boolean): HTMLElement {
  const crumbs = breadcrumbsFor(pathname, DASHBOARD_SCREENS, { userId }).map((crumb, i, all) => {
    const current = i === all.length - 1;
    const text =
      current || !crumb.href
        ? el('span', { class: `bp6-breadcrumb app-crumb${current ? ' bp6-breadcrumb-current app-crumb--current' : ''}`, 'aria-current': current ? 'page' : undefined }, crumb.text)
        : el('a', { class: 'bp6-breadcrumb app-crumb', href: crumb.href }, crumb.text);
    return el('li', {}, text);
  });
  const classes = ['bp6-navbar', 'app-topbar'];
  if (fixed) classes.push('app-topbar--fixed');
  else if (transparent) classes.push('app-topbar--transparent');
  return el(
    'div',
    { class: classes.join(' '), role: 'banner' },
    el(
      'div',
      { class: 'bp6-navbar-group bp6-align-left app-topbar__left' },
      buttonBox(),
      el('nav', { class: 'app-topbar__crumbs', 'aria-label': 'Ruta de navegación' }, el('ol', { class: 'bp6-breadcrumbs' }, ...crumbs)),
    ),
    el('div', { class: 'bp6-navbar-group bp6-align-right app-topbar__right' }, buttonBox()),
  );
}

/** The screen's title and buttons, when the role may open it and its h1 is its route's title. */
function headerOf(pathname: string, user: SessionUser): HTMLElement | null {
  const pattern = matchScreen(pathname);
  const framed = pattern ? TITLED_SCREENS[pattern] : undefined;
  const screen = DASHBOARD_SCREENS.find((s) => s.path === pattern);
  // The frame's screens have no parameters: who may open one is who may open its pattern.
  if (!framed || !screen || !screen.allows(user, {})) return null;
  const title = screen.title;
  const h1 = el('h1', { class: 'bp6-heading page-header__title' }, title);
  return el('header', { class: framed.actions ? 'page-header page-header--spread' : 'page-header' }, h1);
}

let drawn = false;

/** True once the frame is on the page: React must then wait to draw the screen in its place. */
export function stillFrameDrawn(): boolean {
  return drawn;
}

/** Draws the frame of a /dashboard address into `root`; other addresses keep the loading screen. */
export function drawStillFrame(root: HTMLElement, pathname: string, user: SessionUser): void {
  if (!matchScreen(pathname)) return;
  const settings = loadUiSettings();
  const overlay = typeof window.matchMedia === 'function' && window.matchMedia(OVERLAY_SIDEBAR_QUERY).matches;
  const header = headerOf(pathname, user);
  const loading = el('div', { class: 'app-page app-page--centered', role: 'status', 'aria-label': LOADING_SCREEN }, spinner());
  const content = header ? el('div', { class: 'app-page page' }, header, loading) : loading;
  const shell = el(
    'div',
    { class: `app-shell${overlay ? ' app-shell--overlay' : ''}` },
    overlay ? null : el('aside', { class: 'app-shell__aside' }, sidebar(user, pathname, !settings.sidebarOpen, settings.sidebarType, settings.sidebarColor)),
    el(
      'div',
      { class: 'app-shell__main' },
      topBar(pathname, user.id, settings.fixedNavbar, settings.transparentNavbar),
      el('main', { class: 'app-shell__content', id: 'contenido' }, content),
    ),
  );
  root.replaceChildren(shell);
  drawn = true;
}
