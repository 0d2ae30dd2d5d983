/** The employee's photo, or a document-style placeholder when there is none (spec 000 section 2). */
import { Icon } from '@blueprintjs/core';
import { useState, type JSX } from 'react';
import { FOTO_DE, SIN_FOTO } from '../texts';

export function EmpleadoFoto({ src, name }: { src: string | null; name: string }): JSX.Element {
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return <img className="emp-foto" src={src} alt={FOTO_DE(name)} onError={() => setBroken(src)} data-testid="empleado-foto" />;
  }
  return (
    <span className="emp-foto emp-foto--none" role="img" aria-label={SIN_FOTO} data-testid="empleado-sin-foto">
      <Icon icon="id-number" size={48} />
    </span>
  );
}
