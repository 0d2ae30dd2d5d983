/**
 * 'Visitas', the captación detail's section of showings (composed into its slot by app/): the
 * list newest first and, for whoever may edit the captación, 'Registrar visita' and 'Editar' on
 * each. A supervisor reads them only. Everything is read from and written to this device.
 */
import { Button, Callout, Card, Intent, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useState, type JSX } from 'react';
import { fechaVisita, SIN_VISITAS, VISITA_LABELS as L, VISITAS_TITULO } from '../../../../couch-design/visita/rules';
import { Facts, Feedback, orDash } from '../../components/feedback';
import { useVisitas, type Visita } from './data';
import { BTN_EDITAR_VISITA, BTN_REGISTRAR_VISITA, ERROR_CARGAR_VISITAS, SOLO_LECTURA, VISITA_GUARDADA } from './texts';

// The form (Formik and Yup) loads when a visit is first recorded or edited: the detail and the
// list's filter draw without it.
const VisitaDialog = lazy(() => import('./VisitaDialog').then((m) => ({ default: m.VisitaDialog })));
import './visitas.css';

const RESULT_INTENT: Record<string, Intent> = { Interesado: Intent.SUCCESS, Oferta: Intent.PRIMARY, 'No interesado': Intent.NONE };

export interface VisitasSectionProps {
  captacionId: string;
  canEdit: boolean;
}

function VisitaCard({ v, canEdit, onEdit }: { v: Visita; canEdit: boolean; onEdit: () => void }): JSX.Element {
  return (
    <Card className="page-row-card visita-card" data-testid="visita">
      <div className="page-row-card__head">
        <strong>
          {fechaVisita(v.fecha)} · {v.hora}
        </strong>
        <Tag round intent={RESULT_INTENT[v.resultado] ?? Intent.NONE}>
          {v.resultado}
        </Tag>
      </div>
      <Facts
        items={[
          { label: L.visitante, value: orDash(v.visitante) },
          { label: L.telefono, value: orDash(v.telefono) },
          { label: L.comentarios, value: orDash(v.comentarios), wide: true },
        ]}
      />
      {canEdit ? (
        <Button icon="edit" onClick={onEdit} aria-label={`${BTN_EDITAR_VISITA} visita del ${fechaVisita(v.fecha)} ${v.hora}`}>
          {BTN_EDITAR_VISITA}
        </Button>
      ) : null}
    </Card>
  );
}

export function VisitasSection({ captacionId, canEdit }: VisitasSectionProps): JSX.Element {
  const state = useVisitas(captacionId);
  const [editing, setEditing] = useState<Visita | 'nueva' | null>(null);
  const [saved, setSaved] = useState(false);

  let body: JSX.Element;
  if (state.status === 'loading') body = <Feedback kind="loading" />;
  else if (state.status === 'error') body = <Feedback kind="error" text={ERROR_CARGAR_VISITAS} />;
  else if (state.value.length === 0) body = <p className="page-empty">{SIN_VISITAS}</p>;
  else
    body = (
      <div className="page-cards" data-testid="visitas-lista">
        {state.value.map((v) => (
          <VisitaCard key={v._id} v={v} canEdit={canEdit} onEdit={() => setEditing(v)} />
        ))}
      </div>
    );

  return (
    <Card className="page-card" data-testid="visitas">
      <div className="visitas-head">
        <h2 className="page-subtitle">{VISITAS_TITULO}</h2>
        {canEdit ? (
          <Button size="large" icon="add" intent={Intent.PRIMARY} onClick={() => setEditing('nueva')} data-testid="registrar-visita">
            {BTN_REGISTRAR_VISITA}
          </Button>
        ) : null}
      </div>
      {!canEdit ? <p className="page-muted">{SOLO_LECTURA}</p> : null}
      {saved ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" role="status" data-testid="visita-guardada">
          {VISITA_GUARDADA}
        </Callout>
      ) : null}
      {body}
      {editing ? (
        <Suspense fallback={<Feedback kind="loading" />}>
          <VisitaDialog
            captacionId={captacionId}
            visita={editing === 'nueva' ? null : editing}
            onClose={(ok) => {
              setEditing(null);
              setSaved(ok);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
