/**
 * 'Disponible sin conexión' (issue 34), on the detail and on each row of the list: pins the
 * captación on the person's devices, online only; the gateway keeps the mark (data/online.ts).
 * Offline it shows the last answer this device had (lib/sync/set-pins.ts), disabled, and says why.
 */
import { Callout, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useId, useState, useSyncExternalStore, type JSX } from 'react';
import { DEVICE_SET_PATH, DEVICE_SET_TEXT, pinLabelFor } from '../../../../../couch-design/captacion/device-set';
import { lastPins, subscribePins } from '../../../lib/sync/set-pins';
import { useCaptacionAccess } from '../access';
import { refreshPins, setPinned } from '../data/online';

/** Whether `id` is pinned (null: not known yet), asked again whenever online, and how to change it. */
function usePin(userId: string | undefined, id: string, offline: boolean) {
  const known = useSyncExternalStore(subscribePins, () => (userId ? lastPins(userId, DEVICE_SET_PATH) : null));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (offline || !userId) return;
    refreshPins(userId).catch(() => undefined);
  }, [userId, offline]);

  const toggle = async (next: boolean) => {
    if (!userId) return;
    setBusy(true);
    setFailed(false);
    try {
      await setPinned(userId, id, next);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { pinned: known ? known.has(id) : null, busy, failed, toggle };
}

/** `name`: on a list row, what the row shows of the captación (its accessible name says which one). */
export function PinSwitch({ id, offline, name }: { id: string; offline: boolean; name?: string }): JSX.Element {
  const { user } = useCaptacionAccess();
  const { pinned, busy, failed, toggle } = usePin(user?.id, id, offline);
  const reasonId = useId();
  const reason = offline ? (pinned === null ? DEVICE_SET_TEXT.sinSaber : DEVICE_SET_TEXT.soloConConexion) : null;
  const row = name !== undefined;
  return (
    <div className={row ? 'cap-pin cap-pin--row' : 'cap-pin'}>
      <Switch
        large={!row}
        label={DEVICE_SET_TEXT.toggle}
        aria-label={row ? pinLabelFor(name) : undefined}
        role="switch"
        aria-describedby={reason ? reasonId : undefined}
        checked={pinned ?? false}
        disabled={offline || busy || pinned === null}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        data-testid="sin-conexion"
      />
      {reason ? (
        // On a row, read with the switch only: the list says it is offline once, above the rows.
        <span id={reasonId} className={row ? 'app-visually-hidden' : 'page-muted'} data-testid="sin-conexion-motivo">
          {reason}
        </span>
      ) : null}
      {failed ? (
        <Callout intent={Intent.DANGER} role="alert">
          {DEVICE_SET_TEXT.noFijada}
        </Callout>
      ) : null}
    </div>
  );
}
