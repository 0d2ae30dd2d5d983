/**
 * A person's devices as an admin sees them (their user screen and 'Estado del sistema', composed
 * by app/): the list, and 'Cerrar sesión en todos los dispositivos', asked first. Every session
 * of that person ends with a wipe: each device wipes their data at its next contact.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useCallback, type JSX } from 'react';
import { DeleteNotice, DeleteQuestion, ListStates, useDeleteFlow } from '../../components/list';
import { refusalMessage, useLoad, type Loadable } from '../../lib/data';
import { cerrarSesionesDe, dispositivosDe, type Dispositivo } from '../../lib/resources';
import { DeviceTable } from './DeviceTable';
import { BTN_CERRAR_TODOS, CANCELAR, CARGANDO_DISPOSITIVOS, CONFIRMAR_CERRAR, ERROR_CARGAR, ERROR_CERRAR, PREGUNTA_CERRAR, SESIONES_CERRADAS, SIN_DISPOSITIVOS } from './texts';
import './dispositivos.css';

export interface PersonaDispositivosProps {
  userId: string;
  /** Whose devices, in the question. */
  nombre: string;
  /** Devices already loaded (the system status); otherwise they are loaded here. */
  devices?: readonly Dispositivo[];
  /**
   * After the sessions ended, with the gateway's message: the owner says it and loads again (the
   * system status, where this person's card then goes). Without it, the list here loads again.
   */
  onChanged?: (notice: string) => void;
}

const LOAD_TEXTS = { loading: CARGANDO_DISPOSITIVOS, error: (err: unknown) => refusalMessage(err) ?? ERROR_CARGAR, logAs: 'No se pudieron cargar los dispositivos.' };

export function PersonaDispositivos({ userId, nombre, devices, onChanged }: PersonaDispositivosProps): JSX.Element {
  const load = useCallback(() => dispositivosDe(userId), [userId]);
  const [loaded, reload] = useLoad(load, { source: 'rest', enabled: !devices });
  const state: Loadable<readonly Dispositivo[]> = devices ? { status: 'ready', value: devices } : loaded;
  const flow = useDeleteFlow<string>({
    remove: async (id) => {
      const notice = await cerrarSesionesDe(id);
      onChanged?.(notice);
      return notice;
    },
    removed: () => {
      if (!onChanged) reload();
    },
    done: SESIONES_CERRADAS,
    failure: (err) => refusalMessage(err) ?? ERROR_CERRAR,
    logAs: 'No se pudieron cerrar las sesiones.',
  });
  const any = state.status === 'ready' && state.value.length > 0;
  return (
    <div className="dispositivos" data-testid="persona-dispositivos">
      {/* A success the owner says itself would vanish with this part as the owner loads again. */}
      {onChanged && flow.notice?.intent === Intent.SUCCESS ? null : <DeleteNotice flow={flow} />}
      <ListStates state={state} texts={LOAD_TEXTS} isEmpty={(list) => list.length === 0} empty={() => <p className="page-empty">{SIN_DISPOSITIVOS}</p>}>
        {(list) => <DeviceTable devices={list} />}
      </ListStates>
      {any ? (
        <div className="dispositivos__acciones">
          <Button intent={Intent.DANGER} variant="outlined" icon="log-out" onClick={() => flow.ask(userId)}>
            {BTN_CERRAR_TODOS}
          </Button>
        </div>
      ) : null}
      <DeleteQuestion flow={flow} question={PREGUNTA_CERRAR} detail={() => nombre} confirmText={CONFIRMAR_CERRAR} cancelText={CANCELAR} />
    </div>
  );
}
