// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SETTINGS_PATH } from '../../../../couch-design/demo';
import { STARS_URL } from './github-stars';
import { SettingsDrawer } from './SettingsDrawer';
import { DEFAULT_UI_SETTINGS, defaultUiSettings, parseUiSettings, UI_SETTINGS_KEY, type UiSettings } from './settings';
import { useUiSettings } from './use-ui-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** `answer` is GitHub's; the gateway allows asking it (DEMO_GITHUB_STARS=1) unless `githubStars` is false. */
function stubStars(answer: () => Promise<Response>, githubStars = true) {
  const fetch = vi.fn<typeof globalThis.fetch>((url) => (url === DEMO_SETTINGS_PATH ? Promise.resolve(Response.json({ githubStars })) : answer()));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Harness({ initial = DEFAULT_UI_SETTINGS }: { initial?: UiSettings }) {
  const [settings, setSettings] = useState(initial);
  return (
    <SettingsDrawer isOpen onClose={() => undefined} settings={settings} onChange={(c) => setSettings({ ...settings, ...c })} />
  );
}

describe('settings drawer', () => {
  it('shows a fixed star count and asks GitHub nothing by default', async () => {
    const fetch = stubStars(async () => Response.json({ stargazers_count: 20_567 }), false);
    render(<Harness />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('github-stars').textContent).toBe('21K estrellas en GitHub');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([DEMO_SETTINGS_PATH]);
  });

  it('shows the live star count abbreviated when the gateway allows asking GitHub', async () => {
    const fetch = stubStars(async () => Response.json({ stargazers_count: 20_567 }));
    render(<Harness />);
    expect(await screen.findByText('20.6K')).toBeTruthy();
    expect(screen.getByTestId('github-stars').textContent).toContain('estrellas en GitHub');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([DEMO_SETTINGS_PATH, STARS_URL]);
  });

  it('is a dialog named Configuración whose close button says Cerrar', async () => {
    stubStars(async () => Response.json({}, { status: 403 }));
    const onClose = vi.fn();
    render(<SettingsDrawer isOpen onClose={onClose} settings={DEFAULT_UI_SETTINGS} onChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Configuración' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('abbreviates millions too', async () => {
    stubStars(async () => Response.json({ stargazers_count: 2_500_000 }));
    render(<Harness />);
    expect(await screen.findByText('2.5M')).toBeTruthy();
  });

  it('keeps the fixed count, silently, when the live one cannot be fetched', async () => {
    const errors = vi.spyOn(console, 'error');
    const fetch = stubStars(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<Harness />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('github-stars').textContent).toBe('21K estrellas en GitHub');
    expect(screen.getByText('Configuración')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });

  it('offers the six sidebar colours with dark selected by default, and switches them', async () => {
    stubStars(async () => Response.json({}, { status: 403 }));
    render(<Harness />);
    const colours = within(screen.getByRole('radiogroup', { name: 'Color de la barra lateral' }));
    const names = colours.getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(['Blanco', 'Oscuro', 'Verde', 'Naranja', 'Rojo', 'Rosa']);
    expect(colours.getByRole('radio', { name: 'Oscuro' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(colours.getByRole('radio', { name: 'Verde' }));
    expect(colours.getByRole('radio', { name: 'Verde' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(colours.getByRole('radio', { name: 'Verde' }), { key: 'ArrowRight' });
    expect(colours.getByRole('radio', { name: 'Naranja' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(colours.getByRole('radio', { name: 'Naranja' }));
    const types = within(screen.getByRole('radiogroup', { name: 'Tipo de barra lateral' }));
    expect(types.getAllByRole('radio').map((r) => r.textContent)).toEqual(['Oscuro', 'Transparente', 'Blanco']);
    expect(types.getByRole('radio', { name: 'Blanco' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Barra de navegación fija' }).checked).toBe(false);
  });
});

describe('interface settings', () => {
  it('defaults: sidebar open, dark colour, white type, navbar transparent and not fixed', () => {
    expect(parseUiSettings(null)).toEqual({
      sidebarOpen: true,
      sidebarColor: 'dark',
      sidebarType: 'white',
      transparentNavbar: true,
      fixedNavbar: false,
    });
  });

  it('a tablet-wide screen starts with the sidebar collapsed, unless the person opened it before', () => {
    const tablet = defaultUiSettings(true);
    expect(parseUiSettings(null, tablet).sidebarOpen).toBe(false);
    expect(parseUiSettings(JSON.stringify({ sidebarOpen: true }), tablet).sidebarOpen).toBe(true);
    expect(parseUiSettings(null, defaultUiSettings(false)).sidebarOpen).toBe(true);
  });

  it('ignores damaged values one by one', () => {
    const parsed = parseUiSettings(JSON.stringify({ sidebarColor: 'purple', sidebarType: 'transparent', fixedNavbar: 'yes' }));
    expect(parsed.sidebarColor).toBe('dark');
    expect(parsed.sidebarType).toBe('transparent');
    expect(parsed.fixedNavbar).toBe(false);
    expect(parseUiSettings('{not json').sidebarType).toBe('white');
  });

  it('persists changes in localStorage', () => {
    function Probe() {
      const [settings, update] = useUiSettings();
      return (
        <button type="button" onClick={() => update({ fixedNavbar: true, sidebarColor: 'pink' })}>
          {settings.sidebarColor}
        </button>
      );
    }
    const first = render(<Probe />);
    fireEvent.click(screen.getByRole('button'));
    first.unmount();
    expect(JSON.parse(localStorage.getItem(UI_SETTINGS_KEY) ?? '{}')).toMatchObject({ fixedNavbar: true, sidebarColor: 'pink' });
    render(<Probe />);
    expect(screen.getByRole('button').textContent).toBe('pink');
  });
});
