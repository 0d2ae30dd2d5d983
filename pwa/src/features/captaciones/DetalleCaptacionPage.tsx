/** 'Detalle de Captación Inmobiliaria' (/dashboard/captaciones/:id/detalle), spec 001 section 2.6. */
import { Button, Callout, Card, H3, Intent } from '@blueprintjs/core';
import { useMemo, useState, type JSX } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { captacionWarnings, formToDoc, lastUpdate, NUNCA_EDITADO, type Captacion } from '../../../../couch-design/captacion';
import { formatDateTime } from '../../../../couch-design/format';
import { paths } from '../../lib/paths';
import { useCaptacionAccess } from './access';
import { useAdviserName } from './adviser';
import { ConflictNotice } from './ConflictNotice';
import { useCaptacion } from './data/hooks';
import { DetailTabs } from './detail/DetailTabs';
import { downloadCaptacionPdf, PdfError } from './pdf';
import { RejectedNotice } from './RejectedNotice';
import { BTN_DESCARGAR_PDF, BTN_EDITAR, BTN_VOLVER, ERROR_CARGAR_DETALLE, ERROR_PDF, NO_ENCONTRADA, TITLE_DETALLE } from './texts';
import { ClosableCallout, Loading, StatusTag } from './ui';
import { captureDate } from './list/rows';
import { statusChip } from '../../../../couch-design/captacion';
import './captaciones.css';

function LastUpdateBanner({ doc }: { doc: Captacion }): JSX.Element {
  const last = lastUpdate(doc);
  return (
    <Card className="cap-last-update" data-testid="last-update">
      {last?.avatar ? (
        <img className="cap-avatar" src={last.avatar} alt="" />
      ) : (
        <span className="cap-avatar" aria-hidden>
          {(last?.usuario ?? '?').trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <div>
        <div className="cap-cell-sub">Última actualización</div>
        {last ? (
          <>
            <strong>{last.usuario}</strong> · <span>{formatDateTime(last.fecha, 'Fecha desconocida')}</span>
          </>
        ) : (
          <strong>{NUNCA_EDITADO}</strong>
        )}
      </div>
    </Card>
  );
}

function Header({ doc }: { doc: Captacion }): JSX.Element {
  const { user } = useCaptacionAccess();
  const asesor = useAdviserName(doc.captacion?.asesor, user);
  return (
    <div className="cap-detail-meta">
      <StatusTag chip={statusChip(doc.estatus_actual)} />
      <span>
        Asesor: <strong>{asesor}</strong>
      </span>
      <span>Fecha de captación: {captureDate(doc.captacion?.fecha)}</span>
      <span>Tipo de captación: {doc.captacion?.tipo_captacion || '-'}</span>
    </div>
  );
}

export default function DetalleCaptacionPage(): JSX.Element {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, canEdit } = useCaptacionAccess();
  const [loaded] = useCaptacion(id, user);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  const stored = loaded.status === 'ready' ? loaded.value : null;
  // Legacy or partial records get every field, so each tab shows '-' rather than failing.
  const doc = useMemo<Captacion | null>(
    () => (stored ? ({ ...formToDoc(stored.doc as unknown as Record<string, unknown>), _id: stored.doc._id, _rev: stored.doc._rev } as Captacion) : null),
    [stored],
  );
  const warnings = useMemo(() => (doc ? captacionWarnings(doc) : []), [doc]);

  const downloadPdf = async () => {
    setPdfError(null);
    setPdfBusy(true);
    try {
      await downloadCaptacionPdf(stored?.doc ?? null, user);
    } catch (err) {
      setPdfError(err instanceof PdfError ? err.message : ERROR_PDF);
    } finally {
      setPdfBusy(false);
    }
  };

  let body: JSX.Element;
  if (loaded.status === 'loading') body = <Loading />;
  else if (loaded.status === 'error')
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {ERROR_CARGAR_DETALLE}
      </Callout>
    );
  else if (!doc || !stored)
    body = (
      <Callout intent={Intent.WARNING} icon="search" role="alert">
        {NO_ENCONTRADA}
      </Callout>
    );
  else
    body = (
      <>
        {stored.conflicts.length > 0 ? <ConflictNotice id={doc._id} /> : null}
        <RejectedNotice id={doc._id} rev={doc._rev} />
        {pdfError ? (
          <ClosableCallout intent={Intent.DANGER} onClose={() => setPdfError(null)} testId="pdf-error">
            {pdfError}
          </ClosableCallout>
        ) : null}
        {warnings.length > 0 ? (
          <Callout intent={Intent.WARNING} icon="warning-sign" className="cap-callout" data-testid="check-digit-warnings">
            {warnings.map((w) => (
              <div key={w.param}>{w.msg}</div>
            ))}
          </Callout>
        ) : null}
        <LastUpdateBanner doc={stored.doc} />
        <Header doc={doc} />
        <Card className="cap-card">
          <DetailTabs captacion={doc} />
        </Card>
      </>
    );

  return (
    <div className="app-page cap-page">
      <header className="cap-header cap-header--list">
        <div>
          <H3>{TITLE_DETALLE}</H3>
          <span className="cap-header__id">ID: {id}</span>
        </div>
        <div className="cap-header__actions">
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
        </div>
      </header>
      {body}
    </div>
  );
}
