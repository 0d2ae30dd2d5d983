import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { JSX } from 'react';
import { LOADING_SCREEN } from './shell/shell-texts';

export const LOADING_APP = 'Cargando aplicación...';
export const VERIFYING_AUTH = 'Verificando autenticación...';

/** Whole-app screen while the first auth check runs (spec 001 section 2.1). */
export function BootScreen({ protectedArea }: { protectedArea: boolean }): JSX.Element {
  return (
    <div className="app-boot" role="status" aria-live="polite">
      <NonIdealState
        icon={<Spinner size={40} aria-hidden />}
        title={LOADING_APP}
        description={protectedArea ? VERIFYING_AUTH : undefined}
      />
    </div>
  );
}

export function VerifyingAuth(): JSX.Element {
  return (
    <div className="app-boot" role="status" aria-live="polite">
      <NonIdealState icon={<Spinner size={40} aria-hidden />} title={VERIFYING_AUTH} />
    </div>
  );
}

/** Shown inside the shell while a lazily loaded screen arrives. */
export function ScreenLoading(): JSX.Element {
  return (
    <div className="app-page app-page--centered" role="status" aria-label={LOADING_SCREEN}>
      <Spinner size={32} />
    </div>
  );
}
