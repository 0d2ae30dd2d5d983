import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { BLUEPRINT_TEXT, lighterBlueprintText } from './blueprint-text';

const resolveId = lighterBlueprintText().resolveId as (source: string, importer?: string) => string | null;
const BUTTONS = createRequire(import.meta.url).resolve('@blueprintjs/core/lib/esm/components/button/buttons.js');

it("gives Blueprint's components the stand-in for their Text, and nobody else", () => {
  expect(resolveId('../text/text', BUTTONS)).toBe(BLUEPRINT_TEXT);
  expect(resolveId('./text/text', BUTTONS.replace(/button[\\/]buttons\.js$/, 'index.js'))).toBe(BLUEPRINT_TEXT);
  expect(resolveId('../icon/icon', BUTTONS)).toBeNull();
  expect(resolveId('./text/text', '/work/app/src/features/x/Form.tsx')).toBeNull();
});
