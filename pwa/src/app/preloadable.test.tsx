// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchOnce } from './module-cache';
import { preloadable } from './preloadable';

afterEach(cleanup);

const drawn = (text: string) => async () => ({ default: () => <p>{text}</p> });

/** The screen inside a Suspense boundary whose fallback is the text 'Cargando pantalla'. */
function drawInSuspense(Screen: ComponentType): void {
  render(
    <Suspense fallback={<p>Cargando pantalla</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('draws code fetched ahead on its first render, with no loading fallback in between', async () => {
    const load = drawn('Mis Proyectos de Captación');
    await fetchOnce(load);
    const Screen = preloadable(load);
    drawInSuspense(Screen);
    expect(screen.getByText('Mis Proyectos de Captación')).toBeTruthy();
    expect(screen.queryByText('Cargando pantalla')).toBeNull();
  });

  it('shows the fallback while code nobody fetched yet arrives, then the screen, from one fetch', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      return { default: () => <p>Lista de Usuarios</p> };
    };
    const Screen = preloadable(load);
    drawInSuspense(Screen);
    expect(screen.getByText('Cargando pantalla')).toBeTruthy();
    expect(await screen.findByText('Lista de Usuarios')).toBeTruthy();
    await fetchOnce(load);
    expect(calls).toBe(1);
    expect(preloadable(load)).toBe(Screen);
  });

  it('tries again after a failed fetch', async () => {
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('sin conexión');
      return { default: () => <p>listo</p> };
    };
    await expect(fetchOnce(load)).rejects.toThrow('sin conexión');
    fail = false;
    await expect(fetchOnce(load)).resolves.toBeTruthy();
  });
});
