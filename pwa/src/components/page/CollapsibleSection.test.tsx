// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollapsibleSection } from './CollapsibleSection';

afterEach(cleanup);

function Loader({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <p>Contenido cargado</p>;
}

describe('collapsible section', () => {
  it('opens and closes under its heading button, which says whether it is open', () => {
    render(
      <CollapsibleSection title="Perfil Personal">
        <p>Datos</p>
      </CollapsibleSection>,
    );
    const toggle = screen.getByRole('button', { name: 'Perfil Personal' });
    expect(screen.getByRole('heading', { name: 'Perfil Personal' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Datos').closest('[hidden]')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Datos').closest('[hidden]')).not.toBeNull();
  });

  it('lazy: mounts its content only when first opened, and keeps it after closing', () => {
    const onMount = vi.fn();
    render(
      <CollapsibleSection title="Información Laboral" defaultOpen={false} lazy>
        <Loader onMount={onMount} />
      </CollapsibleSection>,
    );
    expect(onMount).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Información Laboral' });
    fireEvent.click(toggle);
    expect(screen.getByText('Contenido cargado')).toBeTruthy();
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(onMount).toHaveBeenCalledTimes(1);
  });
});
