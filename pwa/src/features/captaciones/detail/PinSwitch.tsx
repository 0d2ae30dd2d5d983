/**
 * 'Disponible sin conexión' (issue 34): pins the captación on the person's devices, online only;
 * the gateway keeps the mark (data/online.ts). Offline it shows the last answer, disabled.
 */
import { Callout, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useState, type JSX } from 'react';
import { DEVICE_SET_TEXT } from '../../../../../couch-design/captacion/device-set';
import { isPinned, setPinned } from '../data/online';

export function PinSwitch({ id, offline }: { id: string; offline: boolean }): JSX.Element {
  const [pinned, setShown] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (offline) return;
    let live = true;
    isPinned(id).then(
      (p) => live && setShown(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, offline]);

  const toggle = async (next: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setShown(await setPinned(id, next));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Switch
        large
        label={DEVICE_SET_TEXT.toggle}
        checked={pinned ?? false}
        disabled={offline || busy || pinned === null}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        data-testid="sin-conexion"
      />
      {failed ? (
        <Callout intent={Intent.DANGER} role="alert">
          {DEVICE_SET_TEXT.noFijada}
        </Callout>
      ) : null}
    </>
  );
}
