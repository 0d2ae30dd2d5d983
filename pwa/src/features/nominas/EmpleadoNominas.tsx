/**
 * The payroll of one employee inside the employee profile's 'Información Laboral' section
 * (spec 000 section 2): Fecha, Concepto, Salario and Acciones (Ver nómina, Descargar PDF, and for
 * admins Editar and Eliminar nómina with its question), the 'Desde' / 'Hasta' filter kept in the
 * URL, 'Crear Nueva Nómina' for admins and the CSV of what it shows. The profile mounts it when
 * the section is first opened, so the payroll loads then.
 */
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../../couch-design/empleado';
import { filterNominas, hasDateFilter, type Nomina } from '../../../../couch-design/nomina';
import { Banner } from '../../components/feedback';
import { downloadCsv, ListStates, useRowTask, type RowAction, type RowDelete } from '../../components/list';
import { serverMessage, useLoad } from '../../lib/data';
import { paths } from '../../lib/paths';
import { saveNominaPdf } from './data/pdf';
import { deleteNomina, listNominasDeEmpleado, verNominaUrl } from './data/rest';
import { isInverted, useDateRangeUrl } from './list/date-filter';
import { DateRangeBar } from './list/DateRangeBar';
import { NOMINAS_CSV, NominasTable } from './list/NominasTable';
import { RecentNote } from './list/RecentNote';
import {
  ACCION_EDITAR,
  ACCION_ELIMINAR,
  ACCION_PDF,
  ACCION_VER,
  BTN_CREAR,
  BTN_EXPORTAR,
  BTN_LIMPIAR,
  CARGANDO_NOMINAS,
  COL_SALARIO,
  CONFIRM_ELIMINAR,
  ERROR_CARGAR_NOMINAS,
  ERROR_ELIMINAR,
  ERROR_PDF,
  FILTRO_INVERTIDO,
  FILTRO_SIN_RESULTADOS,
  SIN_NOMINAS,
} from './texts';
import './nominas.css';

export interface EmpleadoNominasProps {
  empleado: Pick<EmpleadoPublico, '_id'>;
  isAdmin: boolean;
}

const messageOf = (err: unknown, fallback: string): string => serverMessage(err) ?? fallback;

/** A failed load says the server's reason when it gave one. */
const LOAD_TEXTS = { loading: CARGANDO_NOMINAS, error: (err: unknown) => messageOf(err, ERROR_CARGAR_NOMINAS) };

export function EmpleadoNominas({ empleado, isAdmin: admin }: EmpleadoNominasProps): JSX.Element {
  const navigate = useNavigate();
  const range = useDateRangeUrl();
  const filter = { desde: range.desde, hasta: range.hasta };
  const filtered = hasDateFilter(filter);
  const [list, reload] = useLoad(() => listNominasDeEmpleado(empleado._id, filter), { source: 'rest' });
  const [actionError, setActionError] = useState<string | null>(null);
  const pdf = useRowTask(saveNominaPdf, (n: Nomina) => n._id);
  // One banner for the last failure, a PDF's or a deletion's: each press clears the other's.
  const shownError = actionError ?? (pdf.failed ? ERROR_PDF : null);
  const dismissError = () => {
    setActionError(null);
    pdf.dismiss();
  };

  // The first load is the hook's; a new period or employee asks the server again.
  const key = `${empleado._id}|${range.desde}|${range.hasta}`;
  const loadedKey = useRef(key);
  useEffect(() => {
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    reload();
  }, [key, reload]);

  const rows = list.status === 'ready' ? filterNominas(list.value.nominas, filter) : [];

  const actions: RowAction<Nomina>[] = [
    { label: ACCION_VER, icon: 'eye-open', run: (n) => void window.open(verNominaUrl(n._id), '_blank', 'noopener') },
    {
      label: ACCION_PDF,
      icon: 'download',
      run: (n) => {
        setActionError(null);
        pdf.run(n);
      },
      busy: pdf.busy,
    },
  ];
  if (admin) actions.push({ label: ACCION_EDITAR, icon: 'edit', run: (n) => void navigate(paths.editNomina(n._id)) });

  const removal: RowDelete<Nomina> = {
    label: ACCION_ELIMINAR,
    question: CONFIRM_ELIMINAR,
    remove: async (n) => {
      dismissError();
      await deleteNomina(n);
      reload();
    },
    onError: (err) => {
      console.error('No se pudo eliminar la nómina.', err);
      setActionError(messageOf(err, ERROR_ELIMINAR));
    },
  };

  const toCreate = () => void navigate(paths.newNomina(empleado._id));
  const createButton = admin ? (
    <Button icon="add" intent={Intent.PRIMARY} onClick={toCreate}>
      {BTN_CREAR}
    </Button>
  ) : null;

  return (
    <div className="nominas-empleado-list" data-testid="empleado-nominas">
      <DateRangeBar range={range}>
        <Button icon="export" onClick={() => downloadCsv(NOMINAS_CSV, rows, filtered)} disabled={rows.length === 0}>
          {BTN_EXPORTAR}
        </Button>
        {createButton}
      </DateRangeBar>

      {shownError ? (
        <Banner intent={Intent.DANGER} onClose={dismissError} testId="nominas-error">
          {shownError}
        </Banner>
      ) : null}

      <ListStates
        state={list}
        texts={LOAD_TEXTS}
        // Spec 000 section 5: the filter applies in the browser too (the same rule the server used).
        isEmpty={() => rows.length === 0}
        empty={() => (
          <NonIdealState
            icon="document"
            title={SIN_NOMINAS}
            description={filtered ? (isInverted(range) ? FILTRO_INVERTIDO : FILTRO_SIN_RESULTADOS) : undefined}
            action={
              // Without a filter, 'Crear Nueva Nómina' stands right above for admins.
              filtered ? (
                <Button icon="cross" onClick={range.clear}>
                  {BTN_LIMPIAR}
                </Button>
              ) : undefined
            }
          />
        )}
      >
        {(page) => (
          <>
            <NominasTable rows={rows} amountHeader={COL_SALARIO} actions={actions} onDelete={admin ? removal : undefined} />
            {filtered ? null : <RecentNote page={page} />}
          </>
        )}
      </ListStates>
    </div>
  );
}
