/** 'Editar Captación' (/dashboard/captaciones/editar/:id), spec 001 section 2.4. */
import { useEffect, useRef, useState, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import { docToForm, type Captacion, type CaptacionForm } from '../../../../couch-design/captacion';
import { useInitialDraft } from '../../components/form';
import { Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { useSyncOffline } from '../../lib/sync/state';
import { useCaptacionAccess } from './access';
import { ConflictNotice } from './ConflictNotice';
import { useCaptacion, useCaptaciones } from './data/hooks';
import { openOnline } from './data/online';
import { isRevisionConflict } from './data/resource';
import { CaptacionFormView } from './form/CaptacionFormView';
import { editDraftKey } from './form/drafts';
import { normalizeFormValues } from './form/normalize';
import { FotosFormularioContext } from './fotos';
import { RejectedNotice } from './RejectedNotice';
import {
  ACTUALIZADA_OK,
  BTN_GUARDAR_CAMBIOS,
  CAMBIO_CONCURRENTE,
  ERROR_ACTUALIZAR,
  ERROR_CARGAR_EDICION,
  NO_ENCONTRADA,
  TITLE_EDITAR,
} from './texts';
import { useNoteUse } from '../../lib/sync/last-use';
import './captaciones.css';

export default function EditarCaptacionPage(): JSX.Element {
  const { id = '' } = useParams();
  const { status } = useSession();
  const { user, canEdit } = useCaptacionAccess();
  const ready = status === 'authenticated' && !!user;
  const allowed = ready && canEdit;
  const captaciones = useCaptaciones(allowed ? user : null);
  const [loaded] = useCaptacion(captaciones, id);
  // Recently used here: the last to leave the device for its storage budget (issue 34).
  useNoteUse(user?.id, id);
  const draftKey = editDraftKey(id);
  const { loading: draftLoading, draft } = useInitialDraft(allowed ? draftKey : null);

  // The form edits the revision it was opened on; later revisions (a sync) only update the notices.
  const opened = useRef<{ doc: Captacion; form: CaptacionForm } | null>(null);
  if (!opened.current && loaded.status === 'ready' && loaded.value) {
    opened.current = { doc: loaded.value.doc, form: docToForm(loaded.value.doc) };
  }
  const base = opened.current;

  // Not on the device (a row 'Solo en línea'): online, opening it through the gateway keeps it on the
  // device (issue 34), and the form waits for the device's copy, which its saves write on.
  const offline = useSyncOffline();
  const missing = allowed && loaded.status === 'ready' && !loaded.value;
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!missing || offline) return;
    let live = true;
    openOnline(id).catch(() => live && setRefused(true));
    return () => {
      live = false;
    };
  }, [missing, offline, id]);

  if (ready && !canEdit) return <Redirect to={paths.home} />;

  let body: JSX.Element;
  if (!ready || draftLoading || (loaded.status === 'loading' && !base) || (missing && !base && !offline && !refused)) {
    body = <Feedback kind="loading" />;
  } else if (loaded.status === 'error' && !base) {
    body = <Feedback kind="error" text={ERROR_CARGAR_EDICION} />;
  } else if (!base || !captaciones) {
    body = <Feedback kind="not-found" text={NO_ENCONTRADA} />;
  } else {
    const current = loaded.status === 'ready' ? loaded.value : null;
    const conflicted = !!current && current.conflicts.length > 0;
    const { doc, form: baseline } = base;
    body = (
      // Photos are their own documents, written at once (fotos/FotosPropiedad.tsx), never form values.
      <FotosFormularioContext.Provider value={{ kind: 'guardada', captacionId: doc._id }}>
        <CaptacionFormView
          initialValues={draft ? normalizeFormValues(draft.values) : baseline}
          baseline={baseline}
          draftKey={draftKey}
          baseRev={doc._rev}
          restoredDraft={!!draft}
          submitText={BTN_GUARDAR_CAMBIOS}
          successText={ACTUALIZADA_OK}
          errorFallback={ERROR_ACTUALIZAR}
          notice={
            <>
              {conflicted ? <ConflictNotice id={id} /> : null}
              <RejectedNotice id={id} rev={current?.doc._rev} />
            </>
          }
          onSave={async (values) => {
            try {
              await captaciones.save({ values, base: doc });
            } catch (err) {
              if (isRevisionConflict(err)) throw Object.assign(new Error(CAMBIO_CONCURRENTE), { errors: [{ param: '', msg: CAMBIO_CONCURRENTE }] });
              throw err;
            }
          }}
        />
      </FotosFormularioContext.Provider>
    );
  }

  return (
    <Page>
      <PageHeader title={TITLE_EDITAR} recordId={base?.doc._id} />
      {body}
    </Page>
  );
}
