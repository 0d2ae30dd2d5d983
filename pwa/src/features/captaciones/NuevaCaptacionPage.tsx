/** 'Nueva Captación Inmobiliaria' (/dashboard/captaciones/nueva), spec 001 section 2.3. */
import { useMemo, type JSX } from 'react';
import { Navigate } from 'react-router-dom';
import { emptyCaptacionForm } from '../../../../couch-design/captacion';
import { useInitialDraft } from '../../components/form';
import { Feedback } from '../../components/feedback';
import { Page, PageHeader } from '../../components/page';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCaptacionAccess } from './access';
import { useCaptaciones } from './data/hooks';
import { CaptacionFormView } from './form/CaptacionFormView';
import { NEW_DRAFT_KEY } from './form/drafts';
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

  if (ready && !canCreate) return <Navigate to={paths.home} replace />;
  return (
    <Page>
      <PageHeader title={TITLE_NUEVA} />
      {!ready || loading ? (
        <Feedback kind="loading" />
      ) : (
        <CaptacionFormView
          initialValues={draft ? normalizeFormValues(draft.values) : baseline}
          baseline={baseline}
          draftKey={NEW_DRAFT_KEY}
          restoredDraft={!!draft}
          submitText={BTN_GUARDAR_NUEVA}
          successText={GUARDADA_OK}
          errorFallback={ERROR_GUARDAR}
          onSave={async (values) => {
            await captaciones.save({ values });
          }}
        />
      )}
    </Page>
  );
}
