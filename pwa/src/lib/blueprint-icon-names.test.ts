import { IconNames as original, IconNamesSet as originalSet } from '@blueprintjs/icons/lib/esm/iconNames.js';
import { describe, expect, it } from 'vitest';
import { IconNames, IconNamesSet } from './blueprint-icon-names';

describe("the bundle's stand-in for Blueprint's icon names", () => {
  it('names every icon as Blueprint does, under its new and its legacy key', () => {
    expect(IconNames.AddToFolder).toBe('add-to-folder');
    expect(IconNames.ADD_TO_FOLDER).toBe('add-to-folder');
    expect(IconNames.SQUARE).toBe(original.SQUARE);
    expect({ ...IconNames }).toEqual({ ...original });
    expect(Object.values(IconNames)).toEqual(Object.values(original));
    expect('CARET_DOWN' in IconNames).toBe(true);
    expect(IconNames.NOT_AN_ICON).toBeUndefined();
  });

  it('knows the same set of valid names', () => {
    expect([...IconNamesSet].sort()).toEqual([...originalSet].sort());
  });
});
