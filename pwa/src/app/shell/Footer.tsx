import { Classes } from '@blueprintjs/core';
import type { JSX } from 'react';

export function Footer(): JSX.Element {
  return (
    <footer className={`app-footer ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
      <span>© {new Date().getFullYear()} Inmobiliaria · Back-office de captaciones, personal y nóminas.</span>
      <span>Funciona con o sin conexión.</span>
    </footer>
  );
}
