/**
 * 'Mis Proyectos de Captación' (/dashboard/captaciones and /dashboard/captaciones/:id), spec 001
 * section 2.5: the person's captaciones from the local database (their role's scope), searched,
 * newest first, ten a page; search and page live in the URL.
 */
import { Alert, Button, Callout, H3, HTMLTable, InputGroup, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo, useState, type JSX } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Captacion } from '../../../../couch-design/captacion';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useCaptacionAccess } from './access';
import { useCaptacionesList } from './data/hooks';
import { deleteCaptacion } from './data/repository';
import { downloadCsv } from './list/download';
import { visibleCaptaciones } from './list/filter';
import { Pagination } from './list/Pagination';
import { toListRow } from './list/rows';
import { readListState, withPage, withSearch } from './list/url-state';
import { downloadCaptacionPdf, PdfError } from './pdf';
import {
  ACCION_EDITAR,
  ACCION_ELIMINAR,
  ACCION_PDF,
  ACCION_VER,
  BTN_CREAR,
  BTN_EXPORTAR,
  BTN_NUEVA,
  BUSCAR_PLACEHOLDER,
  CARGANDO,
  CONFIRM_ELIMINAR,
  ERROR_CARGAR_LISTA,
  ERROR_CONEXION,
  ERROR_DATOS,
  ERROR_ELIMINAR,
  ERROR_PDF,
  ESTATUS_ERROR,
  LIST_COLUMNS,
  SIN_ASIGNADOS,
  SIN_RESULTADOS,
  TITLE_LISTA,
  VACIO,
} from './texts';
import { ClosableCallout, Loading, StatusTag } from './ui';
import './captaciones.css';

export default function CaptacionesListPage(): JSX.Element {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { q, page } = readListState(params);
  const { user, canCreate, canEdit, canDelete } = useCaptacionAccess();
  const list = useCaptacionesList(user);
  const [toDelete, setToDelete] = useState<Captacion | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState<string | null>(null);

  const docs = list.status === 'ready' ? list.value : [];
  const shown = useMemo(() => visibleCaptaciones(docs, q, page), [docs, q, page]);
  const rows = useMemo(() => shown.items.map((doc) => ({ doc, row: toListRow(doc) })), [shown.items]);

  const setSearch = (value: string) => setParams(withSearch(params, value), { replace: true });
  const setPage = (p: number) => setParams(withPage(params, p));

  const downloadPdf = async (doc: Captacion) => {
    setActionError(null);
    setPdfBusy(doc._id);
    try {
      await downloadCaptacionPdf(doc, user);
    } catch (err) {
      setActionError(err instanceof PdfError ? err.message : ERROR_PDF);
    } finally {
      setPdfBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCaptacion(toDelete._id);
      setToDelete(null);
    } catch (err) {
      console.error('No se pudo eliminar la captación.', err);
      setToDelete(null);
      setActionError(ERROR_ELIMINAR);
    } finally {
      setDeleting(false);
    }
  };

  const exportCsv = () => downloadCsv(shown.matching.map(toListRow), q.trim() !== '');

  const empty = list.status === 'ready' && docs.length === 0;
  const noMatch = list.status === 'ready' && docs.length > 0 && shown.total === 0;

  return (
    <div className="app-page cap-page">
      <header className="cap-header cap-header--list">
        <H3>{TITLE_LISTA}</H3>
        <div className="cap-header__actions">
          <Button icon="export" size="large" onClick={exportCsv} disabled={list.status !== 'ready' || shown.total === 0}>
            {BTN_EXPORTAR}
          </Button>
          {canCreate ? (
            <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={() => navigate(paths.nuevaCaptacion)}>
              {BTN_NUEVA}
            </Button>
          ) : null}
        </div>
      </header>

      <InputGroup
        className="cap-search"
        type="search"
        leftIcon="search"
        size="large"
        placeholder={BUSCAR_PLACEHOLDER}
        aria-label={BUSCAR_PLACEHOLDER}
        value={q}
        onChange={(e) => setSearch(e.target.value)}
      />

      {actionError ? (
        <ClosableCallout intent={Intent.DANGER} onClose={() => setActionError(null)} testId="list-error">
          {actionError}
        </ClosableCallout>
      ) : null}
      {list.status === 'error' ? (
        <Callout intent={Intent.DANGER} icon="error" className="cap-callout" role="alert">
          {list.error instanceof ApiError && list.error.message ? list.error.message : ERROR_CARGAR_LISTA}
        </Callout>
      ) : null}

      {list.status === 'loading' ? (
        <Loading text={CARGANDO} />
      ) : empty ? (
        <NonIdealState
          icon="projects"
          title={canCreate ? VACIO : SIN_ASIGNADOS}
          action={
            canCreate ? (
              <Button intent={Intent.PRIMARY} icon="add" size="large" onClick={() => navigate(paths.nuevaCaptacion)}>
                {BTN_CREAR}
              </Button>
            ) : undefined
          }
        />
      ) : noMatch ? (
        <NonIdealState icon="search" title={SIN_RESULTADOS} />
      ) : (
        <div className="cap-table-wrap">
          <HTMLTable className="cap-table" interactive striped>
            <thead>
              <tr>
                {LIST_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.status === 'error' ? (
                <tr data-testid="error-row">
                  <td>{ERROR_CONEXION}</td>
                  <td>{ERROR_DATOS}</td>
                  <td />
                  <td />
                  <td>
                    <Tag round intent={Intent.DANGER}>
                      {ESTATUS_ERROR}
                    </Tag>
                  </td>
                  <td />
                  <td />
                </tr>
              ) : (
                rows.map(({ doc, row }) => (
                  <tr key={row.id} data-testid="captacion-row" data-id={row.id}>
                    <td>
                      <div className="cap-cell-main">{row.propiedad}</div>
                      <div className="cap-cell-sub cap-clamp" title={row.direccion}>
                        {row.direccion}
                      </div>
                    </td>
                    <td>{row.propietario}</td>
                    <td>{row.ubicacion}</td>
                    <td className="cap-cell-sub">{row.ultimaActualizacion}</td>
                    <td>
                      <StatusTag chip={row.estatus} />
                      {row.conflicted ? (
                        <Tag minimal intent={Intent.WARNING} icon="git-merge" className="cap-chip-conflict">
                          Conflicto
                        </Tag>
                      ) : null}
                    </td>
                    <td>{row.fecha}</td>
                    <td>
                      <div className="cap-row-actions">
                        <Button variant="minimal" icon="eye-open" aria-label={ACCION_VER} title={ACCION_VER} onClick={() => navigate(paths.captacion(row.id))} />
                        <Button
                          variant="minimal"
                          icon="download"
                          aria-label={ACCION_PDF}
                          title={ACCION_PDF}
                          loading={pdfBusy === row.id}
                          onClick={() => void downloadPdf(doc)}
                        />
                        {canEdit ? (
                          <Button variant="minimal" icon="edit" aria-label={ACCION_EDITAR} title={ACCION_EDITAR} onClick={() => navigate(paths.editarCaptacion(row.id))} />
                        ) : null}
                        {canDelete ? (
                          <Button
                            variant="minimal"
                            intent={Intent.DANGER}
                            icon="trash"
                            aria-label={ACCION_ELIMINAR}
                            title={ACCION_ELIMINAR}
                            onClick={() => setToDelete(doc)}
                          />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </HTMLTable>
        </div>
      )}

      <Pagination page={shown.page} pages={shown.pages} onPage={setPage} />

      <Alert
        isOpen={toDelete !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={ACCION_ELIMINAR}
        cancelButtonText="Cancelar"
        loading={deleting}
        canEscapeKeyCancel
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>{CONFIRM_ELIMINAR}</p>
      </Alert>
    </div>
  );
}
