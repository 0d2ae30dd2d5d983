/**
 * Stands in for @blueprintjs/icons' `iconNames` module in the bundle (pwa/build/lazy-icon-names.ts).
 * The original converts each of the ~700 icon names twice with change-case while the page starts
 * (about 15 ms here, four times that on a phone, before the first screen can draw) to build a
 * table only `Icons.loadAll` and Blueprint's EntityTitle read, and neither is used here. Same
 * exports, same values (iconNames.test.ts), built the first time someone reads the table.
 */
import { BlueprintIcons_16, type BlueprintIcons_16Id as IconName } from '@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16';

const ALL: IconName[] = Object.values(BlueprintIcons_16);

let table: Record<string, IconName> | null = null;

/** 'add-to-folder' under 'AddToFolder' (Blueprint's new names) and 'ADD_TO_FOLDER' (its legacy ones). */
function names(): Record<string, IconName> {
  if (table) return table;
  const byNew: Record<string, IconName> = {};
  const byLegacy: Record<string, IconName> = {};
  for (const name of ALL) {
    const words = name.split('-');
    byNew[words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')] = name;
    byLegacy[words.join('_').toUpperCase()] = name;
  }
  table = { ...byNew, ...byLegacy };
  return table;
}

export const IconNames = new Proxy<Record<string, IconName>>({}, {
  get: (_, key) => (typeof key === 'string' ? names()[key] : undefined),
  has: (_, key) => key in names(),
  ownKeys: () => Reflect.ownKeys(names()),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(names(), key),
});

export const IconNamesSet: Set<IconName> = new Set(ALL);
