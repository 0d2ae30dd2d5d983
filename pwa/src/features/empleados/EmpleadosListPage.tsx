/**
 * 'Lista de Empleados' (/dashboard/empleados), spec 000 sections 2, 4, 5, 6, 8: admins only; the
 * search over name, e-mail, position, phone, estado and salary; 'Activo' first, then by first
 * name; one selected row for the three toolbar actions. Search and selection live in the URL;
 * 'Exportar CSV' saves the rows shown.
 */
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullName, listEmpleados, type EmpleadoPublico } from '../../../../couch-design/empleado';
import { ExportCsvButton, ListCount, ListSearch, ListShell, useList, useListDelete } from '../../components/list';
import { PageHeader } from '../../components/page';
import { refusalMessage } from '../../lib/data';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useEmpleadosAccess } from './access';
import { empleadosResource } from './data/empleados';
import { forgetEmpleado, keepEmpleado } from './data/stored';
import { EMPLEADO_COLUMNS, EMPLEADOS_CSV } from './list/columns';
import { BTN_ELIMINAR, BTN_NUEVO, BTN_VER_DOCUMENTOS, BTN_VER_PERFIL, BUSCAR_PLACEHOLDER, CONFIRM_ELIMINAR, ELIMINADO_OK, ERROR_CARGAR_LISTA, ERROR_ELIMINAR, errorEliminar, mostrando, SELECCIONE_FILA, seleccionado, SIN_RESULTADOS, TABLA_EMPLEADOS, TITLE_LISTA, VACIO } from './texts';
import './empleados.css';

/** The server's reason when it gave one; a failure to reach it has none (spec 000 section 8). */
function deleteError(err: unknown): string {
  const said = refusalMessage(err);
  return said ? errorEliminar(said) : ERROR_ELIMINAR;
}

const empleadoId = (e: EmpleadoPublico): string => e.id;

export default function EmpleadosListPage(): JSX.Element {
  const navigate = useNavigate();
  const { ready, admin } = useEmpleadosAccess();
  const list = useList(empleadosResource, { enabled: ready && admin, search: listEmpleados, rowKey: empleadoId });
  const { current, q } = list;
  const deletion = useListDelete(list, {
    remove: (e) => empleadosResource.remove(e.id),
    removed: (e) => forgetEmpleado(e.id),
    done: ELIMINADO_OK,
    failure: deleteError,
    logAs: 'No se pudo eliminar el empleado.',
  });

  if (ready && !admin) return <Redirect to={paths.home} />;

  const viewProfile = (e: EmpleadoPublico) => {
    keepEmpleado(e);
    navigate(paths.empleadoProfile(e.id));
  };
  const newButton = (
    <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={() => navigate(paths.newEmpleado)}>
      {BTN_NUEVO}
    </Button>
  );

  return (
    <ListShell
      list={list}
      header={<PageHeader title={TITLE_LISTA} actions={<><ExportCsvButton list={list} csv={EMPLEADOS_CSV} />{admin ? newButton : null}</>} />}
      waiting={!ready}
      offlineTestId="needs-network"
      tools={<ListSearch value={q} onChange={list.setSearch} placeholder={BUSCAR_PLACEHOLDER} />}
      deletion={deletion}
      deleteQuestion={{ question: CONFIRM_ELIMINAR, detail: fullName }}
      loadError={ERROR_CARGAR_LISTA}
      beforeTable={
        <>
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
            <ListCount list={list} text={mostrando} className="emp-toolbar__count" testId="empleados-count" as="span" />
          </div>
          <p className="page-muted emp-toolbar__hint" aria-live="polite">
            {current ? seleccionado(fullName(current)) : SELECCIONE_FILA}
          </p>
        </>
      }
      noMatch={SIN_RESULTADOS}
      empty={<NonIdealState icon="people" title={VACIO} action={admin ? newButton : undefined} />}
      table={{ label: TABLA_EMPLEADOS, columns: EMPLEADO_COLUMNS, onOpen: viewProfile, rowTestId: 'empleado-row' }}
    />
  );
}
