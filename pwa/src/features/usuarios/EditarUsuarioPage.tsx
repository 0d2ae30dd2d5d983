/**
 * 'Editar Usuario' (/dashboard/users/edit/{userId}), spec 000 sections 2 and 8: personal data,
 * the employee link (switch 'Vincular con empleado existente'; read-only when the employee side
 * holds it; an employee another user has is marked, and taking it asks first: issue 18 item 5), contact and address only when no employee is linked, the account (e-mail, role),
 * the photo; '¡Usuario actualizado correctamente! Redirigiendo...' and the list 1.5 s later.
 * Admins may also set a new password for the user (issue 9 item 5). A person may open their
 * own; the gateway keeps them from changing their own role or link.
 */
import { Card, H2, Switch } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import { useCallback, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import { roleLabel } from '../../../../couch-design/roles';
import { adminPasswordSchema, fullName } from '../../../../couch-design/usuario';
import { Facts, Feedback } from '../../components/feedback';
import { editFormDraft, FormShell, PasswordForm, SelectField, useFormUi, useInitialDraft, type Draft } from '../../components/form';
import { Page, PageHeader } from '../../components/page';
import { PhotoField } from '../../components/photo';
import { DataError, useLoad, useResourceList } from '../../lib/data';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { AdminOnly, useViewer } from './access';
import { loadEditContext } from './data/edit-context';
import { empleadosResource, RefusedAnswer } from './data/resources';
import { setUsuarioPassword, updateUsuario, uploadUsuarioPhoto } from './data/writes';
import { USUARIO_REDIRECT_MS } from './form/RegistroUsuarioView';
import { DireccionFields, EmailField, NombreFields, RoleField, Section, TelefonoField } from './form/sections';
import { editDraftKey } from './form/drafts';
import { confirmEmpleadoPick } from './form/reasignar';
import { editBody, editInitialValues, empleadoOptions, pickedEmpleado, showsContacto, validateEdit, type EditContext, type UsuarioFormValues } from './form/values';
import {
  ACTUALIZADO_OK,
  BTN_GUARDAR_CAMBIOS,
  CARGANDO_USUARIO,
  DESCARTAR_PREGUNTA,
  ERROR_ACTUALIZAR,
  ERROR_CARGAR_DATOS,
  ERROR_CARGAR_INFO,
  ERROR_SUBIR_FOTO,
  errorSubirFoto,
  HINT_FOTO,
  LABEL,
  PASSWORD_ADMIN_AYUDA,
  SALIR_PREGUNTA,
  SECCION_CONTACTO,
  SECCION_CUENTA,
  SECCION_DIRECCION,
  SECCION_FOTO,
  SECCION_PERSONAL,
  SECCION_VINCULO,
  SELECCIONAR_EMPLEADO,
  TITLE_EDITAR,
  TITLE_PASSWORD_ADMIN,
  VINCULAR_EMPLEADO,
  VINCULO_CONTACTO_OCULTO,
  VINCULO_DESDE_EMPLEADO,
  VINCULO_SOLO_ADMIN,
} from './texts';
import './usuarios.css';

export default function EditarUsuarioPage(): JSX.Element {
  const { userId = '' } = useParams();
  return (
    <AdminOnly selfId={userId}>
      <EditarUsuario id={userId} />
    </AdminOnly>
  );
}

function EditarUsuario({ id }: { id: string }): JSX.Element {
  const viewer = useViewer();
  const load = useCallback(() => loadEditContext(id, viewer.admin), [id, viewer.admin]);
  const [ctx] = useLoad(load, { source: 'rest' });
  // A lock (idle time) puts 'Desbloquear' in the form's place: what was typed waits as a draft.
  const stored = useInitialDraft<UsuarioFormValues>(editDraftKey(id));
  const loading = ctx.status === 'loading' || (ctx.status === 'ready' && !!ctx.value && stored.loading);
  return (
    <Page>
      <PageHeader title={TITLE_EDITAR} />
      {loading ? <Feedback kind="loading" text={CARGANDO_USUARIO} /> : null}
      {ctx.status === 'offline' ? <Feedback kind="offline" /> : null}
      {ctx.status === 'error' ? <Feedback kind="error" text={ctx.error instanceof RefusedAnswer ? ERROR_CARGAR_INFO : ERROR_CARGAR_DATOS} /> : null}
      {ctx.status === 'ready' && !ctx.value ? <Feedback kind="error" text={ERROR_CARGAR_INFO} /> : null}
      {ctx.status === 'ready' && ctx.value && !stored.loading ? <EditForm ctx={ctx.value} stored={stored.draft} /> : null}
      {ctx.status === 'ready' && ctx.value && viewer.admin && viewer.id !== id ? (
        <Card className="page-card usuario-section" data-testid="password-admin">
          <H2 className="usuario-section__title">{TITLE_PASSWORD_ADMIN}</H2>
          <p className="page-muted">{PASSWORD_ADMIN_AYUDA}</p>
          <PasswordForm askCurrent={false} schema={adminPasswordSchema} onSave={(body) => setUsuarioPassword(id, body)} />
        </Card>
      ) : null}
    </Page>
  );
}

function EditForm({ ctx, stored }: { ctx: EditContext; stored: Draft<UsuarioFormValues> | null }): JSX.Element {
  const viewer = useViewer();
  const { refresh } = useSession();
  const initial = editInitialValues(ctx);
  const opened = editFormDraft(editDraftKey(ctx.user._id), stored, ctx.user._rev, initial);
  const validate = useCallback((v: UsuarioFormValues) => validateEdit(v, ctx), [ctx]);
  const id = ctx.user._id;

  const save = async (values: UsuarioFormValues) => {
    await updateUsuario(id, editBody(values, ctx));
    if (values.foto) {
      try {
        await uploadUsuarioPhoto(id, values.foto);
      } catch (err) {
        console.error('No se pudo subir la foto del usuario.', err);
        const message = err instanceof Error && err.message ? errorSubirFoto(err.message) : ERROR_SUBIR_FOTO;
        throw new DataError(message, err instanceof DataError ? err.status : 0);
      }
    }
    // The name, e-mail or role on the top bar come from the session: read it again.
    if (id === viewer.id) await refresh();
  };

  return (
    <FormShell<UsuarioFormValues>
      initialValues={opened.initialValues}
      baseline={initial}
      draft={opened.draft}
      validate={validate}
      texts={{ submit: BTN_GUARDAR_CAMBIOS, success: ACTUALIZADO_OK, errorFallback: ERROR_ACTUALIZAR, leave: { leave: SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA } }}
      onSave={save}
      exitTo={viewer.admin ? paths.users : paths.profile}
      redirectDelayMs={USUARIO_REDIRECT_MS}
    >
      <EditSections ctx={ctx} />
    </FormShell>
  );
}

function EditSections({ ctx }: { ctx: EditContext }): JSX.Element {
  const { values } = useFormikContext<UsuarioFormValues>();
  return (
    <div className="usuario-form">
      <Section title={SECCION_PERSONAL}>
        <NombreFields withPuesto />
      </Section>
      <VinculoSection ctx={ctx} />
      {showsContacto(values) ? (
        <>
          <Section title={SECCION_CONTACTO}>
            <div className="form-grid">
              <TelefonoField />
            </div>
          </Section>
          <Section title={SECCION_DIRECCION}>
            <DireccionFields />
          </Section>
        </>
      ) : null}
      <Section title={SECCION_CUENTA}>
        <div className="form-grid">
          <EmailField isNew={false} />
          {ctx.manage ? <RoleField /> : <Facts items={[{ label: LABEL.role, value: roleLabel(ctx.user.role) }]} />}
        </div>
        <PhotoField name="foto" label={SECCION_FOTO} hint={HINT_FOTO} currentUrl={ctx.user.foto_perfil} />
      </Section>
    </div>
  );
}

function VinculoSection({ ctx }: { ctx: EditContext }): JSX.Element {
  const { values, setValues } = useFormikContext<UsuarioFormValues>();
  const { disabled } = useFormUi();
  const editable = ctx.manage && ctx.direction !== 'empleado';
  const [empleados] = useResourceList(empleadosResource, editable);
  const list = empleados.status === 'ready' ? empleados.value : [];
  const current = ctx.direction === 'usuario' ? ctx.user.empleado_id : null;
  const linkedName = ctx.empleado ? fullName(ctx.empleado) : '';

  return (
    <Section title={SECCION_VINCULO} testId="seccion-vinculo">
      <Switch
        role="switch"
        large
        label={VINCULAR_EMPLEADO}
        checked={values.con_empleado}
        disabled={disabled || !editable}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          void setValues((v) => ({ ...v, con_empleado: on, empleado_id: on ? (current ?? '') : '', reasignar_vinculo: false }));
        }}
      />
      {!editable && linkedName ? <p className="usuario-readonly" data-testid="empleado-vinculado">{linkedName}</p> : null}
      {ctx.direction === 'empleado' ? <p className="page-muted">{VINCULO_DESDE_EMPLEADO}</p> : null}
      {!ctx.manage ? <p className="page-muted">{VINCULO_SOLO_ADMIN}</p> : null}
      {editable && values.con_empleado ? (
        empleados.status === 'offline' ? (
          <Feedback kind="offline" />
        ) : (
          <div className="usuario-empleado-select">
            <SelectField
              name="empleado_id"
              label={SELECCIONAR_EMPLEADO}
              required
              options={empleadoOptions(list, current, ctx.user._id)}
              confirmPick={confirmEmpleadoPick(list, ctx.user._id)}
              onPick={(eid, confirmed) => void setValues((v) => pickedEmpleado(v, list, eid, confirmed))}
            />
          </div>
        )
      ) : null}
      {values.con_empleado ? <p className="page-muted">{VINCULO_CONTACTO_OCULTO}</p> : null}
    </Section>
  );
}
