import { describe, expect, it } from 'vitest';
import { withBootScript } from './boot-script';

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Cd34.js">
    <link rel="modulepreload" crossorigin href="/assets/boot-Ef56.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Gh78.css">
  </head>`;

describe('the start-up script in the page', () => {
  it("takes the dev server's entry the same way", () => {
    const html = withBootScript('<body>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>', 'src/boot.ts');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/src/main.tsx" data-entry>');
    expect(html).toContain('<script type="module" crossorigin src="/src/boot.ts"></script>');
  });

  it("is the page's one script, the entry only preloaded for it to run, and replaces its own preload link", () => {
    const html = withBootScript(BUILT, 'assets/boot-Ef56.js');
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-Ef56.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-Ab12.js" data-entry>');
    expect(html).not.toContain('href="/assets/boot-Ef56.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Cd34.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Gh78.css">');
  });

  it('refuses a page with no entry script rather than dropping the start-up', () => {
    expect(() => withBootScript('<head></head>', 'assets/boot-Ef56.js')).toThrow(/sin script de entrada/);
  });
});
