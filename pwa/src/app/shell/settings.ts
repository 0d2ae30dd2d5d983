/**
 * Interface-only settings of spec 000 section 3 and spec 001 section 9, kept in localStorage
 * so the chrome looks the same after a reload or offline.
 */
export const SIDEBAR_COLORS = ['white', 'dark', 'green', 'orange', 'red', 'pink'] as const;
export const SIDEBAR_TYPES = ['dark', 'transparent', 'white'] as const;
export type SidebarColor = (typeof SIDEBAR_COLORS)[number];
export type SidebarType = (typeof SIDEBAR_TYPES)[number];

export const SIDEBAR_COLOR_LABELS: Record<SidebarColor, string> = {
  white: 'Blanco',
  dark: 'Oscuro',
  green: 'Verde',
  orange: 'Naranja',
  red: 'Rojo',
  pink: 'Rosa',
};

export const SIDEBAR_TYPE_LABELS: Record<SidebarType, string> = {
  dark: 'Oscuro',
  transparent: 'Transparente',
  white: 'Blanco',
};

export interface UiSettings {
  sidebarOpen: boolean;
  sidebarColor: SidebarColor;
  sidebarType: SidebarType;
  transparentNavbar: boolean;
  fixedNavbar: boolean;
}

export const DEFAULT_UI_SETTINGS: UiSettings = {
  sidebarOpen: true,
  sidebarColor: 'dark',
  sidebarType: 'white',
  transparentNavbar: true,
  fixedNavbar: false,
};

export const UI_SETTINGS_KEY = 'ui-settings';

/** Tablets in portrait and phones: the sidebar becomes an overlay. */
export const OVERLAY_SIDEBAR_QUERY = '(max-width: 991px)';
/** Phones: the top bar's search is a button that opens it over the page. */
export const PHONE_QUERY = '(max-width: 575px)';

/** A 1024 px tablet (anything narrower than a laptop) starts with the sidebar collapsed to its icons. */
export const COLLAPSED_SIDEBAR_QUERY = '(max-width: 1199px)';

/** The defaults for this screen: the sidebar open only where the content still has room beside it. */
export function defaultUiSettings(narrow: boolean): UiSettings {
  return narrow ? { ...DEFAULT_UI_SETTINGS, sidebarOpen: false } : DEFAULT_UI_SETTINGS;
}

/** Unknown or damaged values fall back to the defaults one by one. */
export function parseUiSettings(raw: string | null, defaults: UiSettings = DEFAULT_UI_SETTINGS): UiSettings {
  let v: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') v = parsed as Record<string, unknown>;
  } catch {
    // keep defaults
  }
  const bool = (key: keyof UiSettings) =>
    typeof v[key] === 'boolean' ? (v[key]) : (defaults[key] as boolean);
  return {
    sidebarOpen: bool('sidebarOpen'),
    sidebarColor: (SIDEBAR_COLORS as readonly unknown[]).includes(v.sidebarColor)
      ? (v.sidebarColor as SidebarColor)
      : defaults.sidebarColor,
    sidebarType: (SIDEBAR_TYPES as readonly unknown[]).includes(v.sidebarType)
      ? (v.sidebarType as SidebarType)
      : defaults.sidebarType,
    transparentNavbar: bool('transparentNavbar'),
    fixedNavbar: bool('fixedNavbar'),
  };
}

/** The settings this device keeps, over the defaults for its screen (no React: the start-up frame reads them too). */
export function loadUiSettings(): UiSettings {
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(COLLAPSED_SIDEBAR_QUERY).matches;
  const defaults = defaultUiSettings(narrow);
  try {
    return parseUiSettings(localStorage.getItem(UI_SETTINGS_KEY), defaults);
  } catch {
    return defaults;
  }
}
