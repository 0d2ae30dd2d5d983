import { NonIdealState, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';

export const UNDER_CONSTRUCTION_TEXT = 'Esta sección estará disponible próximamente.';

/** The stand-in for screens of later issues, so every route of the specifications answers. */
export function UnderConstruction({ title }: { title: string }): JSX.Element {
  return (
    <div className="app-page app-page--centered">
      <NonIdealState
        icon="build"
        title={title}
        description={UNDER_CONSTRUCTION_TEXT}
        action={<Tag minimal large intent="warning">En construcción</Tag>}
      />
    </div>
  );
}

/** A route-table entry for a screen not built yet. */
export function underConstruction(title: string): () => JSX.Element {
  const Pending = () => <UnderConstruction title={title} />;
  Pending.displayName = `Pendiente(${title})`;
  return Pending;
}
