/**
 * 'Mis dispositivos' (the own profile, composed by app/): every session open with the person's
 * account, this one marked, and 'Borrar datos de este dispositivo' on the others, asked first.
 * The gateway ends that session at once; the device wipes the person's data at its next contact.
 */
import { Card, H2 } from '@blueprintjs/core';
import type { JSX } from 'react';
import { DeleteNotice, DeleteQuestion, ListStates, useDeleteFlow } from '../../components/list';
import { refusalMessage, useLoad } from '../../lib/data';
import { borrarDispositivo, misDispositivos, type Dispositivo } from '../../lib/resources';
import { DeviceTable } from './DeviceTable';
import {
  AYUDA_MIS_DISPOSITIVOS,
  CANCELAR,
  CARGANDO_DISPOSITIVOS,
  CONFIRMAR_BORRAR,
  DISPOSITIVO_MSG,
  ERROR_BORRAR,
  ERROR_CARGAR,
  PREGUNTA_BORRAR,
  SIN_DISPOSITIVOS,
  TITLE_MIS_DISPOSITIVOS,
} from './texts';
import './dispositivos.css';

const LOAD_TEXTS = { loading: CARGANDO_DISPOSITIVOS, error: (err: unknown) => refusalMessage(err) ?? ERROR_CARGAR, logAs: 'No se pudieron cargar los dispositivos.' };

export function MisDispositivos(): JSX.Element {
  const [state, reload] = useLoad(misDispositivos, { source: 'rest' });
  const flow = useDeleteFlow<Dispositivo>({
    remove: async (d) => void (await borrarDispositivo(d.id)),
    removed: reload,
    done: DISPOSITIVO_MSG.borrado,
    failure: (err) => refusalMessage(err) ?? ERROR_BORRAR,
    logAs: 'No se pudieron borrar los datos del dispositivo.',
  });
  return (
    <Card className="page-card dispositivos" data-testid="mis-dispositivos">
      <H2 className="dispositivos__title">{TITLE_MIS_DISPOSITIVOS}</H2>
      <p className="page-muted">{AYUDA_MIS_DISPOSITIVOS}</p>
      <DeleteNotice flow={flow} />
      <ListStates state={state} texts={LOAD_TEXTS} isEmpty={(list) => list.length === 0} empty={() => <p className="page-empty">{SIN_DISPOSITIVOS}</p>}>
        {(list) => <DeviceTable devices={list} onErase={flow.ask} />}
      </ListStates>
      <DeleteQuestion flow={flow} question={PREGUNTA_BORRAR} detail={(d) => d.etiqueta} confirmText={CONFIRMAR_BORRAR} cancelText={CANCELAR} />
    </Card>
  );
}
