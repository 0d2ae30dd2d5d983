import { describe, expect, it } from 'vitest';
import { withSearch } from './url-state';
import { readSelection, withSelection } from './url-selection';

describe('selection in the URL', () => {
  it('reads the selected id, none when absent or blank', () => {
    expect(readSelection(new URLSearchParams('sel=e-1'))).toBe('e-1');
    expect(readSelection(new URLSearchParams('sel='))).toBeNull();
    expect(readSelection(new URLSearchParams('q=ana'))).toBeNull();
  });

  it('keeps the search beside it, and a new search keeps it', () => {
    const selected = withSelection(new URLSearchParams('q=ana'), 'e-1');
    expect(selected.toString()).toBe('q=ana&sel=e-1');
    expect(withSearch(selected, 'bet').get('sel')).toBe('e-1');
    expect(withSelection(selected, null).toString()).toBe('q=ana');
  });
});
