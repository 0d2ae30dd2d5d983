// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMNS, PEOPLE, type Person } from '../../testing/people';
import { SelectTable } from './SelectTable';


afterEach(cleanup);

function Table({ onOpen, failed }: { onOpen?: (p: Person) => void; failed?: boolean }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <output data-testid="selected">{selected ?? 'ninguno'}</output>
      <SelectTable label="Personas" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} selected={selected} onSelect={setSelected} onOpen={onOpen} rowTestId="person-row" failed={failed} />
    </>
  );
}

const rows = () => screen.getAllByTestId('person-row');
const selected = () => screen.getByTestId('selected').textContent;

describe('selectable list table', () => {
  it('is a named grid whose rows are selected by a click, one at a time', () => {
    render(<Table />);
    expect(screen.getByRole('grid', { name: 'Personas' })).toBeTruthy();
    expect(rows().map((r) => r.getAttribute('aria-selected'))).toEqual(['false', 'false', 'false']);
    fireEvent.click(rows()[1]);
    expect(selected()).toBe('p2');
    fireEvent.click(rows()[2]);
    expect(rows().map((r) => r.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
  });

  it('is reached with Tab at one row, and the arrows, Home, End and Escape move or clear the selection', () => {
    render(<Table />);
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(rows()[0], { key: 'ArrowDown' });
    expect(selected()).toBe('p2');
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(rows()[1], { key: 'End' });
    expect(selected()).toBe('p3');
    fireEvent.keyDown(rows()[2], { key: 'ArrowDown' });
    expect(selected()).toBe('p3');
    fireEvent.keyDown(rows()[2], { key: 'Home' });
    expect(selected()).toBe('p1');
    fireEvent.keyDown(rows()[0], { key: 'Escape' });
    expect(selected()).toBe('ninguno');
  });

  it('Enter selects a row, and on the selected row opens it; so does a double click', () => {
    const onOpen = vi.fn();
    render(<Table onOpen={onOpen} />);
    fireEvent.keyDown(rows()[1], { key: 'Enter' });
    expect(selected()).toBe('p2');
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(rows()[1], { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(PEOPLE[1]);
    fireEvent.doubleClick(rows()[0]);
    expect(onOpen).toHaveBeenLastCalledWith(PEOPLE[0]);
  });

  it('a failed load is one row of each column’s failure text', () => {
    render(<Table failed />);
    expect(screen.queryAllByTestId('person-row')).toHaveLength(0);
    expect(screen.getByTestId('error-row').textContent).toBe('Error de conexión');
  });
});
