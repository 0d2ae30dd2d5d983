// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListContent, type ListContentProps } from './ListContent';

afterEach(cleanup);

const show = (props: Pick<ListContentProps, 'status' | 'hasRecords' | 'matches'>) =>
  render(
    <ListContent {...props} empty={<p>No hay registros</p>} noMatch="Nada coincide con la búsqueda.">
      <table data-testid="table" />
    </ListContent>,
  );

describe('list content', () => {
  it("says 'Cargando...' while the list loads", () => {
    show({ status: 'loading', hasRecords: false, matches: 0 });
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    expect(screen.queryByTestId('table')).toBeNull();
  });

  it('shows the empty state when there is no record, whatever the search', () => {
    show({ status: 'ready', hasRecords: false, matches: 0 });
    expect(screen.getByText('No hay registros')).toBeTruthy();
    expect(screen.queryByText('Nada coincide con la búsqueda.')).toBeNull();
  });

  it('says the search matched nothing when there are records', () => {
    show({ status: 'ready', hasRecords: true, matches: 0 });
    expect(screen.getByText('Nada coincide con la búsqueda.')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
  });

  it('shows the table with matches, and after a failed load (for its failure row)', () => {
    show({ status: 'ready', hasRecords: true, matches: 3 });
    expect(screen.getByTestId('table')).toBeTruthy();
    cleanup();
    show({ status: 'error', hasRecords: false, matches: 0 });
    expect(screen.getByTestId('table')).toBeTruthy();
  });
});
