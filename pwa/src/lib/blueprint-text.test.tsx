// @vitest-environment happy-dom
/**
 * The stand-in for Blueprint's Text (blueprint-text.tsx): a label draws once, not twice, and a
 * truncated one still gets its full text as a title.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { Text } from './blueprint-text';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('draws a label in one commit, with no second draw to remember its text', () => {
  const commits = vi.fn();
  render(
    <Profiler id="text" onRender={commits}>
      <Text tagName="span" className="bp6-button-text">
        Nueva Captación
      </Text>
    </Profiler>,
  );
  expect(screen.getByText('Nueva Captación').className).toBe('bp6-button-text');
  expect(commits).toHaveBeenCalledTimes(1);
});

it('titles a truncated label with its whole text, and an untruncated one not at all', () => {
  const { rerender } = render(<Text ellipsize>Corto</Text>);
  expect(screen.getByText('Corto').getAttribute('title')).toBeNull();
  expect(screen.getByText('Corto').classList.contains('bp6-text-overflow-ellipsis')).toBe(true);

  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
  rerender(<Text ellipsize>Un estatus demasiado largo para su celda</Text>);
  expect(screen.getByText('Un estatus demasiado largo para su celda').getAttribute('title')).toBe('Un estatus demasiado largo para su celda');
});
