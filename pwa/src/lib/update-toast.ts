import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export const UPDATE_MESSAGE = 'Hay una nueva versión disponible.';
export const UPDATE_ACTION = 'Actualizar';

let toasterPromise: Promise<Toaster> | null = null;

/** A toast that stays until acted on: a new version waits for the person's consent. */
export async function showUpdateToast(onUpdate: () => void): Promise<void> {
  toasterPromise ??= OverlayToaster.create({ position: Position.BOTTOM });
  (await toasterPromise).show(
    {
      message: UPDATE_MESSAGE,
      intent: Intent.PRIMARY,
      icon: 'refresh',
      timeout: 0,
      action: { text: UPDATE_ACTION, onClick: onUpdate },
    },
    'sw-update',
  );
}
