/**
 * 'Registro de Usuario' and 'Crear Nuevo Usuario': one screen, two modes (spec 000 section 2).
 * Admins choose between 'Usar empleado existente' (only Activo employees, each marked with the
 * user it is linked to; taking one from that user asks first; the employee's data fills the
 * form) and 'Crear usuario sin empleado', and give the role; switching clears the
 * personal fields but keeps e-mail, password and role. The optional photo is uploaded once the
 * user exists; its failure is only logged (section 8).
 */
import { Radio, RadioGroup } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import { useCallback, type JSX } from 'react';
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { Feedback } from '../../../components/feedback';
import { FormShell, SelectField, useFormUi } from '../../../components/form';
import { PhotoField } from '../../../components/photo';
import { useResourceList } from '../../../lib/data';
import { empleadosResource } from '../data/resources';
import { createUsuario, uploadUsuarioPhoto } from '../data/writes';
import {
  BTN_REGISTRAR,
  DESCARTAR_PREGUNTA,
  ERROR_CARGAR_EMPLEADOS,
  ERROR_REGISTRO,
  HINT_FOTO,
  MODO_CON_EMPLEADO,
  MODO_SIN_EMPLEADO,
  REGISTRADO_OK,
  SALIR_PREGUNTA,
  SECCION_CUENTA,
  SECCION_DIRECCION,
  SECCION_EMPLEADO,
  SECCION_FOTO,
  SECCION_LABORAL,
  SECCION_PERSONAL,
  SELECCIONAR_EMPLEADO,
  SIN_EMPLEADOS_ACTIVOS,
} from '../texts';
import { DireccionFields, EmailField, NombreFields, PasswordField, PuestoField, RoleField, Section, TelefonoField } from './sections';
import { confirmEmpleadoPick } from './reasignar';
import { empleadoOptions, EMPTY_USUARIO, pickedEmpleado, registroBody, toggledMode, validateRegistro, type RegistroMode, type UsuarioFormValues } from './values';
import '../usuarios.css';

/** The user's redirect delay (spec 000 section 9). */
export const USUARIO_REDIRECT_MS = 1500;

export interface RegistroUsuarioViewProps {
  mode: RegistroMode;
  /** Where a registration (and Cancelar) leads. */
  exitTo: string;
  /** Runs after the user exists, with what was typed (public mode: the person is signed in). */
  afterSave?: (values: UsuarioFormValues) => Promise<void>;
}

export function RegistroUsuarioView({ mode, exitTo, afterSave }: RegistroUsuarioViewProps): JSX.Element {
  const validate = useCallback((v: UsuarioFormValues) => validateRegistro(v, mode), [mode]);
  const save = async (values: UsuarioFormValues) => {
    const user = await createUsuario(registroBody(values, mode));
    if (values.foto) {
      try {
        await uploadUsuarioPhoto(user._id, values.foto);
      } catch (err) {
        console.error('No se pudo subir la foto del usuario nuevo.', err);
      }
    }
    await afterSave?.(values);
  };
  return (
    <FormShell<UsuarioFormValues>
      initialValues={EMPTY_USUARIO}
      baseline={EMPTY_USUARIO}
      validate={validate}
      texts={{ submit: BTN_REGISTRAR, success: REGISTRADO_OK, errorFallback: ERROR_REGISTRO, leave: { leave: SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA } }}
      onSave={save}
      exitTo={exitTo}
      redirectDelayMs={USUARIO_REDIRECT_MS}
    >
      <div className="usuario-form">
        {mode === 'admin' ? <EmpleadoSection /> : null}
        <Section title={SECCION_PERSONAL}>
          <NombreFields />
          <div className="form-grid">
            <TelefonoField />
          </div>
        </Section>
        <Section title={SECCION_LABORAL}>
          <div className="form-grid">
            <PuestoField />
          </div>
        </Section>
        <Section title={SECCION_DIRECCION}>
          <DireccionFields />
        </Section>
        <Section title={SECCION_CUENTA}>
          <div className="form-grid">
            <EmailField isNew />
            <PasswordField />
            {mode === 'admin' ? <RoleField /> : null}
          </div>
          <PhotoField name="foto" label={SECCION_FOTO} hint={HINT_FOTO} />
        </Section>
      </div>
    </FormShell>
  );
}

/** The toggle and 'Seleccionar Empleado *' (admins: the employees list is theirs only). */
function EmpleadoSection(): JSX.Element {
  const { values, setValues } = useFormikContext<UsuarioFormValues>();
  const { disabled } = useFormUi();
  const [empleados] = useResourceList(empleadosResource, values.con_empleado);
  const list: EmpleadoPublico[] = empleados.status === 'ready' ? empleados.value : [];
  const options = empleadoOptions(list);
  return (
    <Section title={SECCION_EMPLEADO} testId="seccion-empleado">
      <RadioGroup
        name="modo-empleado"
        inline
        disabled={disabled}
        selectedValue={values.con_empleado ? 'con' : 'sin'}
        onChange={(e) => void setValues(toggledMode(values, e.currentTarget.value === 'con'))}
      >
        <Radio value="con" label={MODO_CON_EMPLEADO} size="large" />
        <Radio value="sin" label={MODO_SIN_EMPLEADO} size="large" />
      </RadioGroup>
      {values.con_empleado ? (
        empleados.status === 'offline' ? (
          <Feedback kind="offline" />
        ) : empleados.status === 'error' ? (
          <Feedback kind="error" text={ERROR_CARGAR_EMPLEADOS} />
        ) : (
          <div className="usuario-empleado-select">
            <SelectField
              name="empleado_id"
              label={SELECCIONAR_EMPLEADO}
              required
              options={options}
              confirmPick={confirmEmpleadoPick(list, null)}
              onPick={(id, confirmed) => void setValues((v) => pickedEmpleado(v, list, id, confirmed))}
            />
            {empleados.status === 'ready' && options.length === 0 ? <p className="page-empty">{SIN_EMPLEADOS_ACTIVOS}</p> : null}
          </div>
        )
      ) : null}
    </Section>
  );
}
