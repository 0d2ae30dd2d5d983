/** 'Detalle de Captación Inmobiliaria' (/dashboard/captaciones/:id/detalle), spec 001 section 2.6. */
import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useState, type JSX } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { captacionWarnings, FECHA_DESCONOCIDA, formToDoc, lastUpdate, NUNCA_EDITADO, statusChip, type Captacion } from '../../../../couch-design/captacion';
import { CAPTACION_LABELS } from '../../../../couch-design/captacion/labels';
import { formatDateTime } from '../../../../couch-design/format';
import { Avatar, Banner, Feedback, orDash, StatusTag } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { useCaptacionAccess } from './access';
import { useAdviserName } from './adviser';
import { ConflictNotice } from './ConflictNotice';
import { useSyncOffline } from '../../lib/sync/state';
import { useCaptacion, useCaptaciones } from './data/hooks';
import { openOnline } from './data/online';
import { PinSwitch } from './detail/PinSwitch';
import { DetailTabs } from './detail/DetailTabs';
import { CAPTACION_DETAIL_SECTIONS } from './detail/sections';
import { FotosPropiedad } from './fotos';
import { downloadCaptacionPdf, PdfError } from './pdf';
import { RejectedNotice } from './RejectedNotice';
import { BTN_DESCARGAR_PDF, BTN_EDITAR, BTN_VOLVER, ERROR_CARGAR_DETALLE, ERROR_PDF, NO_ENCONTRADA, TITLE_DETALLE } from './texts';
import { captureDate } from './list/rows';
import { useNoteUse } from '../../lib/sync/last-use';
import './captaciones.css';

function LastUpdateBanner({ doc }: { doc: Captacion }): JSX.Element {
  const last = lastUpdate(doc);
  return (
    <Card className="cap-last-update" data-testid="last-update">
      <Avatar src={last?.avatar} letters={(last?.usuario ?? '?').trim().charAt(0).toUpperCase() || '?'} />
      <div>
        <div className="page-muted">Última actualización</div>
        {last ? (
          <>
            <strong>{last.usuario}</strong> · <span>{formatDateTime(last.fecha, FECHA_DESCONOCIDA)}</span>
          </>
        ) : (
          <strong>{NUNCA_EDITADO}</strong>
        )}
      </div>
    </Card>
  );
}

const L = CAPTACION_LABELS.captacion;

function Header({ doc }: { doc: Captacion }): JSX.Element {
  const { user } = useCaptacionAccess();
  const asesor = useAdviserName(doc.captacion?.asesor, user);
  return (
    <div className="cap-detail-meta">
      <StatusTag chip={statusChip(doc.estatus_actual)} />
      <span>
        {L.asesor.shown}: <strong data-testid="detail-asesor">{asesor}</strong>
      </span>
      <span>
        {L.fecha.shown}: {captureDate(doc.captacion?.fecha)}
      </span>
      <span>
        {L.tipo_captacion.shown}: {orDash(doc.captacion?.tipo_captacion)}
      </span>
    </div>
  );
}

export default function DetalleCaptacionPage(): JSX.Element {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, canEdit } = useCaptacionAccess();
  const [loaded] = useCaptacion(useCaptaciones(user), id);
  // Recently used here: the last to leave the device for its storage budget (issue 34).
  useNoteUse(user?.id, id);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const sections = CAPTACION_DETAIL_SECTIONS.useEntries();

  // Not on the device: online, read through the gateway, which keeps it on the device from now on (issue 34).
  const offline = useSyncOffline();
  const missing = loaded.status === 'ready' && !loaded.value;
  const [fromGateway, setFromGateway] = useState<Captacion | null | 'failed'>(null);
  useEffect(() => {
    if (!missing || offline) return;
    let live = true;
    openOnline(id).then(
      (c) => live && setFromGateway(c),
      () => live && setFromGateway('failed'),
    );
    return () => {
      live = false;
    };
  }, [missing, offline, id]);
  const online = fromGateway && fromGateway !== 'failed' ? { doc: fromGateway, conflicts: [] } : null;
  const stored = loaded.status === 'ready' ? (loaded.value ?? online) : null;
  // Legacy or partial records get every field, so each tab shows '-' rather than failing.
  const doc = useMemo<Captacion | null>(
    () => (stored ? ({ ...formToDoc(stored.doc as unknown as Record<string, unknown>), _id: stored.doc._id, _rev: stored.doc._rev }) : null),
    [stored],
  );
  const warnings = useMemo(() => (doc ? captacionWarnings(doc) : []), [doc]);

  const downloadPdf = async () => {
    setPdfError(null);
    setPdfBusy(true);
    try {
      await downloadCaptacionPdf(stored?.doc ?? null, user, sections);
    } catch (err) {
      setPdfError(err instanceof PdfError ? err.message : ERROR_PDF);
    } finally {
      setPdfBusy(false);
    }
  };

  let body: JSX.Element;
  if (loaded.status === 'loading' || (missing && !offline && fromGateway === null)) body = <Feedback kind="loading" />;
  else if (loaded.status === 'error') body = <Feedback kind="error" text={ERROR_CARGAR_DETALLE} />;
  else if (!doc || !stored) body = <Feedback kind="not-found" text={NO_ENCONTRADA} />;
  else
    body = (
      <>
        {stored.conflicts.length > 0 ? <ConflictNotice id={doc._id} /> : null}
        <RejectedNotice id={doc._id} rev={doc._rev} />
        {pdfError ? (
          <Banner intent={Intent.DANGER} onClose={() => setPdfError(null)} testId="pdf-error">
            {pdfError}
          </Banner>
        ) : null}
        {warnings.length > 0 ? (
          <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="check-digit-warnings">
            {warnings.map((w) => (
              <div key={w.param}>{w.msg}</div>
            ))}
          </Callout>
        ) : null}
        <LastUpdateBanner doc={stored.doc} />
        <Header doc={doc} />
        <PinSwitch id={doc._id} offline={offline} />
        {/* The data first, the photos after it as a compact gallery: a large cover on top pushed the
            record below the first screen of a tablet (issue 36). */}
        <Card className="page-card">
          <DetailTabs captacion={doc} />
        </Card>
        <Card className="page-card">
          <FotosPropiedad captacionId={doc._id} editable={canEdit} galeria titleLevel={2} />
        </Card>
        <CAPTACION_DETAIL_SECTIONS.Outlet captacionId={doc._id} canEdit={canEdit} />
      </>
    );

  return (
    <Page>
      <PageHeader
        title={TITLE_DETALLE}
        recordId={id}
        actions={
          <>
            <Button size="large" icon="arrow-left" onClick={() => navigate(paths.captaciones)}>
              {BTN_VOLVER}
            </Button>
            {doc ? (
              <Button size="large" icon="download" loading={pdfBusy} onClick={() => void downloadPdf()}>
                {BTN_DESCARGAR_PDF}
              </Button>
            ) : null}
            {doc && canEdit ? (
              <Button size="large" icon="edit" intent={Intent.PRIMARY} onClick={() => navigate(paths.editarCaptacion(id))}>
                {BTN_EDITAR}
              </Button>
            ) : null}
          </>
        }
      />
      {body}
    </Page>
  );
}
