import { describe, expect, it } from 'vitest';
import { withBootScript } from './boot-script';

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Cd34.js">
    <link rel="modulepreload" crossorigin href="/assets/boot-Ef56.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Gh78.css">
  </head>`;

describe('the start-up script in the page', () => {
  it('comes before the entry, so it runs first, and replaces its own preload link', () => {
    const html = withBootScript(BUILT, 'assets/boot-Ef56.js');
    const boot = html.indexOf('<script type="module" crossorigin src="/assets/boot-Ef56.js"></script>');
    expect(boot).toBeGreaterThan(-1);
    expect(boot).toBeLessThan(html.indexOf('src="/assets/index-Ab12.js"'));
    expect(html).not.toContain('href="/assets/boot-Ef56.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Cd34.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Gh78.css">');
  });

  it('refuses a page with no entry script rather than dropping the start-up', () => {
    expect(() => withBootScript('<head></head>', 'assets/boot-Ef56.js')).toThrow(/sin script de entrada/);
  });
});
