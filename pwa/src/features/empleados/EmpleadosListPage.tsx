/**
 * 'Lista de Empleados' (/dashboard/empleados), spec 000 sections 2, 4, 5, 6, 8: admins only; the
 * search over name, e-mail, position, phone, estado and salary; 'Activo' first, then by first
 * name; one selected row for the three toolbar actions. Search and selection live in the URL;
 * 'Exportar CSV' saves the rows shown.
 */
import { Button, Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { useMemo, type JSX } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { fullName, listEmpleados, type EmpleadoPublico } from '../../../../couch-design/empleado';
import { Banner, Feedback } from '../../components/feedback';
import { DeleteNotice, DeleteQuestion, downloadCsv, ListContent, ListSearch, SelectTable, useDeleteFlow, useListUrlState, useUrlSelection } from '../../components/list';
import { Page, PageHeader } from '../../components/page';
import { NEEDS_NETWORK, refusalMessage, serverMessage, useResourceList } from '../../lib/data';
import { paths } from '../../lib/paths';
import { useEmpleadosAccess } from './access';
import { empleadosResource } from './data/empleados';
import { forgetEmpleado, keepEmpleado } from './data/stored';
import { EMPLEADO_COLUMNS, EMPLEADOS_CSV } from './list/columns';
import {
  BTN_CANCELAR,
  BTN_ELIMINAR,
  BTN_EXPORTAR,
  BTN_NUEVO,
  BTN_REINTENTAR,
  BTN_VER_DOCUMENTOS,
  BTN_VER_PERFIL,
  BUSCAR_PLACEHOLDER,
  CONFIRM_ELIMINAR,
  ELIMINADO_OK,
  ERROR_CARGAR_LISTA,
  ERROR_ELIMINAR,
  errorEliminar,
  mostrando,
  SELECCIONE_FILA,
  seleccionado,
  SIN_RESULTADOS,
  TABLA_EMPLEADOS,
  TITLE_LISTA,
  VACIO,
} from './texts';
import './empleados.css';

/** The server's reason when it gave one; a failure to reach it has none (spec 000 section 8). */
function deleteError(err: unknown): string {
  const said = refusalMessage(err);
  return said ? errorEliminar(said) : ERROR_ELIMINAR;
}

/** The server's reason after the list's own words, when it gave one. */
function loadErrorText(err: unknown): string {
  const said = serverMessage(err);
  return said ? `${ERROR_CARGAR_LISTA} ${said}` : ERROR_CARGAR_LISTA;
}

export default function EmpleadosListPage(): JSX.Element {
  const navigate = useNavigate();
  const { ready, admin } = useEmpleadosAccess();
  const { q, setSearch } = useListUrlState();
  const { selected, setSelected } = useUrlSelection();
  const [list, reload] = useResourceList(empleadosResource, ready && admin);
  const deletion = useDeleteFlow<EmpleadoPublico>({
    remove: (e) => empleadosResource.remove(e.id),
    removed: (e) => {
      forgetEmpleado(e.id);
      setSelected(null);
      reload();
    },
    done: ELIMINADO_OK,
    failure: deleteError,
    logAs: 'No se pudo eliminar el empleado.',
  });

  const all = useMemo(() => (list.status === 'ready' ? list.value : []), [list]);
  const shown = useMemo(() => listEmpleados(all, q), [all, q]);
  const current = shown.find((e) => e.id === selected) ?? null;

  if (ready && !admin) return <Navigate to={paths.home} replace />;

  const viewProfile = (e: EmpleadoPublico) => {
    keepEmpleado(e);
    navigate(paths.empleadoProfile(e.id));
  };

  const status = list.status === 'offline' ? 'ready' : list.status;
  const toNew = () => navigate(paths.newEmpleado);
  const newButton = (
    <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={toNew}>
      {BTN_NUEVO}
    </Button>
  );

  return (
    <Page>
      <PageHeader
        title={TITLE_LISTA}
        actions={
          <>
            <Button icon="export" size="large" onClick={() => downloadCsv(EMPLEADOS_CSV, shown, q.trim() !== '')} disabled={list.status !== 'ready' || shown.length === 0}>
              {BTN_EXPORTAR}
            </Button>
            {admin ? newButton : null}
          </>
        }
      />

      {!ready ? (
        <Feedback kind="loading" />
      ) : list.status === 'offline' ? (
        <Callout intent={Intent.WARNING} icon="offline" role="status" data-testid="needs-network">
          {NEEDS_NETWORK}
        </Callout>
      ) : (
        <>
          <ListSearch value={q} onChange={setSearch} placeholder={BUSCAR_PLACEHOLDER} />

          <DeleteNotice flow={deletion} />
          {list.status === 'error' ? (
            <Banner intent={Intent.DANGER} action={<Button onClick={reload}>{BTN_REINTENTAR}</Button>}>
              {loadErrorText(list.error)}
            </Banner>
          ) : null}

          <div className="emp-toolbar" role="toolbar" aria-label={TABLA_EMPLEADOS}>
            <div className="emp-toolbar__buttons">
              <Button icon="eye-open" size="large" disabled={!current} onClick={() => current && viewProfile(current)}>
                {BTN_VER_PERFIL}
              </Button>
              <Button icon="folder-open" size="large" disabled={!current} onClick={() => current && navigate(paths.empleadoDocuments(current.id))}>
                {BTN_VER_DOCUMENTOS}
              </Button>
              <Button icon="trash" size="large" intent={Intent.DANGER} disabled={!current} onClick={() => current && deletion.ask(current)}>
                {BTN_ELIMINAR}
              </Button>
            </div>
            <span className="emp-toolbar__count page-muted" data-testid="empleados-count" aria-live="polite">
              {list.status === 'ready' ? mostrando(shown.length, all.length) : ''}
            </span>
          </div>
          <p className="page-muted emp-toolbar__hint" aria-live="polite">
            {current ? seleccionado(fullName(current)) : SELECCIONE_FILA}
          </p>

          <ListContent
            status={status}
            hasRecords={all.length > 0}
            matches={shown.length}
            noMatch={SIN_RESULTADOS}
            empty={<NonIdealState icon="people" title={VACIO} action={admin ? newButton : undefined} />}
          >
            <SelectTable
              label={TABLA_EMPLEADOS}
              columns={EMPLEADO_COLUMNS}
              rows={shown}
              rowKey={(e) => e.id}
              selected={current?.id ?? null}
              onSelect={setSelected}
              onOpen={viewProfile}
              rowTestId="empleado-row"
              failed={list.status === 'error'}
            />
          </ListContent>
        </>
      )}

      <DeleteQuestion flow={deletion} question={CONFIRM_ELIMINAR} detail={fullName} confirmText={BTN_ELIMINAR} cancelText={BTN_CANCELAR} />
    </Page>
  );
}
