/** 'Nueva Captación Inmobiliaria' (/dashboard/captaciones/nueva), spec 001 section 2.3. */
import { useMemo, useRef, useState, type JSX } from 'react';
import { emptyCaptacionForm } from '../../../../couch-design/captacion';
import { useInitialDraft } from '../../components/form';
import { Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { useCaptacionAccess } from './access';
import { useCaptaciones } from './data/hooks';
import { CaptacionFormView } from './form/CaptacionFormView';
import { NEW_DRAFT_KEY } from './form/drafts';
import { addFotos, FotosFormularioContext, type PendingFoto } from './fotos';
import { normalizeFormValues } from './form/normalize';
import { BTN_GUARDAR_NUEVA, ERROR_GUARDAR, GUARDADA_OK, TITLE_NUEVA } from './texts';
import './captaciones.css';

export default function NuevaCaptacionPage(): JSX.Element {
  const { status } = useSession();
  const { user, canCreate } = useCaptacionAccess();
  const captaciones = useCaptaciones(user);
  const ready = status === 'authenticated' && !!captaciones;
  const { loading, draft } = useInitialDraft(ready && canCreate ? NEW_DRAFT_KEY : null);
  const baseline = useMemo(() => emptyCaptacionForm(), []);
  // Photos taken before the captación has an id (fotos/FotosNuevas.tsx), written once it is saved.
  const [fotos, setFotos] = useState<PendingFoto[]>([]);
  // A save whose photos failed must not create the captación twice when 'Guardar' is pressed again.
  const savedId = useRef<string | null>(null);

  if (ready && !canCreate) return <Redirect to={paths.home} />;
  return (
    <Page>
      <PageHeader title={TITLE_NUEVA} />
      {!ready || loading ? (
        <Feedback kind="loading" />
      ) : (
        <FotosFormularioContext.Provider value={{ kind: 'nueva', fotos, onChange: setFotos }}>
          <CaptacionFormView
            initialValues={draft ? normalizeFormValues(draft.values) : baseline}
            baseline={baseline}
            draftKey={NEW_DRAFT_KEY}
            restoredDraft={!!draft}
            submitText={BTN_GUARDAR_NUEVA}
            successText={GUARDADA_OK}
            errorFallback={ERROR_GUARDAR}
            holdsPhotos={fotos.length > 0}
            onSave={async (values) => {
              savedId.current ??= (await captaciones.save({ values }))._id;
              if (fotos.length) await addFotos(savedId.current, fotos);
              // Stored now: the page no longer holds them (nor asks before leaving for them).
              setFotos([]);
            }}
          />
        </FotosFormularioContext.Provider>
      )}
    </Page>
  );
}
