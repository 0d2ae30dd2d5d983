/**
 * 'Mis Proyectos de Captación' (/dashboard/captaciones and /dashboard/captaciones/:id), spec 001
 * section 2.5: the person's captaciones from the local database (their role's scope), searched,
 * newest first, ten a page; search and page live in the URL. The search, the order and the
 * counts come from the database's kept index, so only the ten records shown are read.
 */
import { Button, Callout, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useCallback, useMemo, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Captacion } from '../../../../couch-design/captacion';
import { Banner, StatusTag } from '../../components/feedback';
import { DataTable, downloadCsv, ListContent, ListSearch, Pagination, useListUrlState, type Column, type RowAction } from '../../components/list';
import { Page, PageHeader } from '../../components/page';
import { serverMessage } from '../../lib/data';
import { paths } from '../../lib/paths';
import { useCaptacionAccess } from './access';
import { useLearnAdvisers } from './adviser';
import { DEVICE_SET_TEXT } from '../../../../couch-design/captacion/device-set';
import { useSyncOffline } from '../../lib/sync/state';
import { useCaptaciones, useCaptacionesPage, useOnlinePage } from './data/hooks';
import { onlineMatching, removeOnline, type OnlinePage } from './data/online';
import { PortadaCelda } from './fotos/PortadaCelda';
import { PinSwitch } from './detail/PinSwitch';
import { CAPTACIONES_CSV } from './list/csv';
import { toListRow, type ListRow } from './list/rows';
import { CAPTACION_DETAIL_SECTIONS, CAPTACION_LIST_FILTERS } from './detail/sections';
import { downloadCaptacionPdf, PdfError } from './pdf';
import {
  ACCION_EDITAR,
  ACCION_PDF,
  ACCION_VER,
  BTN_CREAR,
  BTN_EXPORTAR,
  BTN_NUEVA,
  BUSCAR_PLACEHOLDER,
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
import './captaciones.css';

interface Item {
  doc: Captacion;
  row: ListRow;
  /** Read online, not held by the device (issue 34). */
  soloEnLinea: boolean;
  /** The row's 'Disponible sin conexión' shows the last answer, disabled. */
  offline: boolean;
}

/**
 * The rows to draw, each record's row object kept from the last time while its revision, its
 * conflicts and its 'solo en línea' mark are the same: the table redraws only the rows that
 * changed (a page read again for a live change, the gateway's page after the device's).
 */
function keepUnchanged(before: ReadonlyMap<string, Item>, next: Item[]): Item[] {
  return next.map((item) => {
    const kept = before.get(item.doc._id);
    const same = kept && kept.doc._rev === item.doc._rev && kept.soloEnLinea === item.soloEnLinea && kept.offline === item.offline && kept.row.conflicted === item.row.conflicted;
    return same ? kept : item;
  });
}

const [PROPIEDAD, PROPIETARIO, UBICACION, ULTIMA, ESTATUS, FECHA] = LIST_COLUMNS;
/** One empty list while loading, so the memoised rows below do not recompute on every render. */
const NO_DOCS: Captacion[] = [];

const COLUMNS: Column<Item>[] = [
  {
    header: PROPIEDAD,
    failed: ERROR_CONEXION,
    cell: ({ row, soloEnLinea, offline }) => (
      <>
        <PortadaCelda captacionId={row.id} />
        <div className="list-cell-main">{row.propiedad}</div>
        {soloEnLinea ? (
          <Tag minimal round icon="cloud" className="feedback-chip" data-testid="solo-en-linea">
            {DEVICE_SET_TEXT.soloEnLinea}
          </Tag>
        ) : null}
        <div className="page-muted list-clamp" title={row.direccion}>
          {row.direccion}
        </div>
        <PinSwitch id={row.id} offline={offline} name={[row.propiedad, row.direccion].filter(Boolean).join(', ')} />
      </>
    ),
  },
  { header: PROPIETARIO, failed: ERROR_DATOS, cell: ({ row }) => row.propietario },
  { header: UBICACION, cell: ({ row }) => row.ubicacion },
  { header: ULTIMA, cell: ({ row }) => <span className="page-muted">{row.ultimaActualizacion}</span> },
  {
    header: ESTATUS,
    failed: (
      <Tag round multiline intent={Intent.DANGER} className="feedback-chip">
        {ESTATUS_ERROR}
      </Tag>
    ),
    cell: ({ row }) => (
      <>
        <StatusTag chip={row.estatus} />
        {row.conflicted ? (
          <Tag minimal multiline intent={Intent.WARNING} icon="git-merge" className="cap-chip-conflict feedback-chip">
            Conflicto
          </Tag>
        ) : null}
      </>
    ),
  },
  { header: FECHA, nowrap: true, cell: ({ row }) => row.fecha },
];

export default function CaptacionesListPage(): JSX.Element {
  const navigate = useNavigate();
  const { q, page, setSearch, setPage } = useListUrlState();
  const { user, canCreate, canEdit, canDelete } = useCaptacionAccess();
  const captaciones = useCaptaciones(user);
  // Another feature's filter ('Con visitas esta semana'): the ids it keeps, or null.
  const [only, setOnly] = useState<ReadonlySet<string> | null>(null);
  const onDevice = useCaptacionesPage(captaciones, q, page, only);
  // Online, the whole scope through REST (another feature's filter reads the device); offline, the device set.
  const offline = useSyncOffline();
  // A row deleted through REST (not on the device) moves no device page: the gateway's is read again all the same.
  const [removedOnline, setRemovedOnline] = useState(0);
  const again = useMemo(() => [onDevice, removedOnline], [onDevice, removedOnline]);
  const remote = useOnlinePage(q, page, !offline && only === null && !!captaciones, again);
  const list = !offline && only === null && remote.status === 'ready' ? remote : onDevice;
  const [actionError, setActionError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState<string | null>(null);
  // Well after the list is drawn and the sync has started: the advisers' names for offline use.
  useLearnAdvisers(user, captaciones?.watch ?? null);
  const sections = CAPTACION_DETAIL_SECTIONS.useEntries();

  const shown = list.status === 'ready' ? list.value : null;
  const held = shown && 'onDevice' in shown ? (shown as OnlinePage).onDevice : null;
  const drawn = useRef<ReadonlyMap<string, Item>>(new Map());
  const items = useMemo(() => {
    const next = keepUnchanged(
      drawn.current,
      (shown?.items ?? NO_DOCS).map((doc) => ({ doc, row: toListRow(doc), soloEnLinea: !!held && !held.has(doc._id), offline })),
    );
    drawn.current = new Map(next.map((item) => [item.doc._id, item]));
    return next;
  }, [shown, held, offline]);

  const downloadPdf = useCallback(
    async (doc: Captacion) => {
      setActionError(null);
      setPdfBusy(doc._id);
      try {
        await downloadCaptacionPdf(doc, user, sections);
      } catch (err) {
        setActionError(err instanceof PdfError ? err.message : ERROR_PDF);
      } finally {
        setPdfBusy(null);
      }
    },
    [user, sections],
  );

  // The same list while nothing it uses changes, so unchanged rows are not drawn again.
  const actions = useMemo(() => {
    const list: RowAction<Item>[] = [
      { label: ACCION_VER, icon: 'eye-open', run: ({ row }) => { navigate(paths.captacion(row.id)); } },
      { label: ACCION_PDF, icon: 'download', run: ({ doc }) => void downloadPdf(doc), busy: ({ row }) => pdfBusy === row.id },
    ];
    if (canEdit) list.push({ label: ACCION_EDITAR, icon: 'edit', run: ({ row }) => { navigate(paths.editarCaptacion(row.id)); } });
    return list;
  }, [navigate, pdfBusy, canEdit, downloadPdf]);

  // Every matching record is read only here, when asked for, never to draw a page; from where the
  // list reads: online the whole scope (what an admin exports is all they may read), offline the device.
  const exportCsv = async () => {
    if (!captaciones) return;
    try {
      const rows = list === remote ? await onlineMatching(q) : await captaciones.matching(q, only);
      downloadCsv(CAPTACIONES_CSV, rows.map(toListRow), q.trim() !== '' || only !== null);
    } catch (err) {
      console.error('No se pudo exportar la lista.', err);
      setActionError(ERROR_CARGAR_LISTA);
    }
  };
  const toNew = () => navigate(paths.nuevaCaptacion);

  return (
    <Page>
      <PageHeader
        title={TITLE_LISTA}
        actions={
          <>
            <Button icon="export" size="large" onClick={() => void exportCsv()} disabled={!shown || shown.total === 0}>
              {BTN_EXPORTAR}
            </Button>
            {canCreate ? (
              <Button icon="add" intent={Intent.PRIMARY} size="large" onClick={toNew}>
                {BTN_NUEVA}
              </Button>
            ) : null}
          </>
        }
      />

      <ListSearch value={q} onChange={setSearch} placeholder={BUSCAR_PLACEHOLDER} />
      <CAPTACION_LIST_FILTERS.Outlet
        onChange={(ids) => {
          setOnly(ids);
          // Turned on or off: from the first page; the same filter kept up to date stays on its page.
          if ((ids === null) !== (only === null)) setPage(1);
        }}
      />

      {actionError ? (
        <Banner intent={Intent.DANGER} onClose={() => setActionError(null)} testId="list-error">
          {actionError}
        </Banner>
      ) : null}
      {offline ? (
        <Callout icon="offline" data-testid="mas-en-linea">
          {DEVICE_SET_TEXT.masEnLinea}
        </Callout>
      ) : null}
      {list.status === 'error' ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {serverMessage(list.error) ?? ERROR_CARGAR_LISTA}
        </Callout>
      ) : null}

      <ListContent
        status={list.status}
        hasRecords={(shown?.inScope ?? 0) > 0}
        matches={shown?.total ?? 0}
        noMatch={SIN_RESULTADOS}
        empty={
          <NonIdealState
            icon="projects"
            title={canCreate ? VACIO : SIN_ASIGNADOS}
            action={
              canCreate ? (
                <Button intent={Intent.PRIMARY} icon="add" size="large" onClick={toNew}>
                  {BTN_CREAR}
                </Button>
              ) : undefined
            }
          />
        }
      >
        <DataTable
          columns={COLUMNS}
          rows={items}
          rowKey={({ row }) => row.id}
          rowTestId="captacion-row"
          actions={actions}
          failed={list.status === 'error'}
          onDelete={
            canDelete && captaciones
              ? {
                  question: CONFIRM_ELIMINAR,
                  remove: async ({ doc, soloEnLinea }) => {
                    if (!soloEnLinea) return captaciones.remove(doc._id);
                    await removeOnline(doc);
                    setRemovedOnline((n) => n + 1);
                  },
                  onError: (err) => {
                    console.error('No se pudo eliminar la captación.', err);
                    setActionError(ERROR_ELIMINAR);
                  },
                }
              : undefined
          }
        />
      </ListContent>

      <Pagination page={shown?.page ?? 1} pages={shown?.pages ?? 0} onPage={setPage} />
    </Page>
  );
}
