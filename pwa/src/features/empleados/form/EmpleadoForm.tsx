/**
 * The create and edit employee form (spec 000 sections 2, 5, 6): 'Información Personal',
 * 'Información Laboral' and 'Dirección', checked with the shared schema; the admin-only
 * 'Asociar con Usuario' with 'Ninguno' (a user another employee has is marked and asks first,
 * issue 18 item 5); the photo. The save sequence (busy text, success text,
 * redirect after 1.5 s, red banner, leave question) is the form kit's.
 */
import { Card } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import { useMemo, type JSX, type ReactNode } from 'react';
import { ESTADOS_EMPLEADO } from '../../../../../couch-design/empleado';
import { FormShell, NumberField, SelectField, TextField, type PickQuestionTexts, type SelectOption } from '../../../components/form';
import { PhotoField } from '../../../components/photo';
import type { Loadable } from '../../../lib/data';
import type { UsuarioOpcion } from '../data/usuarios';
import {
  ASOCIAR_USUARIO,
  AYUDA_CODIGO,
  AYUDA_FOTO,
  AYUDA_TELEFONO,
  CARGANDO_USUARIOS,
  DESCARTAR_PREGUNTA,
  ERROR_USUARIOS,
  FOTO,
  NINGUNO,
  SALIR_PREGUNTA,
  SECCION_DIRECCION,
  SECCION_LABORAL,
  SECCION_PERSONAL,
  BTN_CANCELAR,
  BTN_REASIGNAR,
} from '../texts';
import { fieldLabel, isRequired, type EmpleadoField } from './fields';
import { summarizeEmpleado } from './summary';
import { reasignarQuestion, userOptionLabel, validateEmpleado, type EmpleadoFormValues } from './values';

/** Spec 000 section 9: "Redirect delay after creating or editing an employee or a user: 1.5 s". */
export const EMPLEADO_REDIRECT_MS = 1500;

export interface EmpleadoFormProps {
  initialValues: EmpleadoFormValues;
  /** The stored record's values when editing (what "no unsaved changes" means); else `initialValues`. */
  baseline?: EmpleadoFormValues;
  /** Keeps a draft on the device while the form is filled (the edit form). */
  draft?: { key: string; baseRev?: string; restored: boolean };
  /** The employee being edited (null while creating): its own link is not "another employee's". */
  empleadoId: string | null;
  fotoActual: string | null;
  /** Admins see 'Asociar con Usuario'. */
  admin: boolean;
  /** The accounts offered for the link (loaded for admins only). */
  users: Loadable<UsuarioOpcion[]>;
  submitText: string;
  successText: string;
  errorFallback: string;
  exitTo: string;
  /** Saves the record, then `values.foto` when one was chosen. */
  onSave: (values: EmpleadoFormValues) => Promise<void>;
}

function Section({ title, children }: { title: string; children: ReactNode }): JSX.Element {
  return (
    <Card className="page-card emp-form-section">
      <h2 className="bp6-heading emp-section-title">{title}</h2>
      <div className="form-grid">{children}</div>
    </Card>
  );
}

const ESTADO_OPTIONS = [...ESTADOS_EMPLEADO];

function Text(props: { name: EmpleadoField; type?: 'text' | 'email' | 'tel' | 'date'; helper?: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number; autoComplete?: string }): JSX.Element {
  return <TextField {...props} label={fieldLabel(props.name)} required={isRequired(props.name)} />;
}

/**
 * 'Asociar con Usuario': each account marked with the employee it is linked to when that is
 * another one; choosing such an account asks first, and the answer goes with the save.
 */
function AsociarUsuario({ users, empleadoId }: { users: Loadable<UsuarioOpcion[]>; empleadoId: string | null }): JSX.Element {
  const { setFieldValue } = useFormikContext<EmpleadoFormValues>();
  const list = useMemo(() => (users.status === 'ready' ? users.value : []), [users]);
  const options = useMemo<SelectOption[]>(() => list.map((u) => ({ value: u.id, label: userOptionLabel(u, empleadoId) })), [list, empleadoId]);
  const confirmPick = (id: string): PickQuestionTexts | null => {
    const lines = reasignarQuestion(list, id, empleadoId);
    return lines ? { question: lines.map((line) => <p key={line}>{line}</p>), confirm: BTN_REASIGNAR, cancel: BTN_CANCELAR } : null;
  };
  const helper = users.status === 'loading' ? CARGANDO_USUARIOS : users.status === 'ready' ? undefined : ERROR_USUARIOS;
  return (
    <SelectField
      name="userId"
      label={ASOCIAR_USUARIO}
      options={options}
      emptyOption={NINGUNO}
      helper={helper}
      className="form-span-2"
      confirmPick={confirmPick}
      onPick={(_id, confirmed) => void setFieldValue('reasignar_vinculo', confirmed)}
    />
  );
}

export function EmpleadoForm(props: EmpleadoFormProps): JSX.Element {
  const { initialValues, baseline = initialValues, draft, empleadoId, fotoActual, admin, users, submitText, successText, errorFallback, exitTo, onSave } = props;

  return (
    <FormShell<EmpleadoFormValues>
      initialValues={initialValues}
      baseline={baseline}
      draft={draft}
      validate={validateEmpleado}
      summarize={summarizeEmpleado}
      texts={{ submit: submitText, success: successText, errorFallback, leave: { leave: SALIR_PREGUNTA, discard: DESCARTAR_PREGUNTA } }}
      onSave={onSave}
      exitTo={exitTo}
      redirectDelayMs={EMPLEADO_REDIRECT_MS}
    >
      <div className="emp-form">
        <Section title={SECCION_PERSONAL}>
          <div className="form-span-all">
            <PhotoField name="foto" label={FOTO} hint={AYUDA_FOTO} currentUrl={fotoActual} />
          </div>
          <Text name="prim_nom" autoComplete="given-name" />
          <Text name="segun_nom" autoComplete="additional-name" />
          <Text name="apell_pa" autoComplete="family-name" />
          <Text name="apell_ma" />
          <Text name="fecha_na" type="date" />
          <Text name="email" type="email" inputMode="email" autoComplete="email" />
          <Text name="telefono" type="tel" inputMode="tel" helper={AYUDA_TELEFONO} autoComplete="tel" />
        </Section>

        <Section title={SECCION_LABORAL}>
          <Text name="pust" autoComplete="organization-title" />
          <NumberField name="salario" label={fieldLabel('salario')} required={isRequired('salario')} min={0} step="any" unit="MXN" />
          <Text name="fecha_ing" type="date" />
          <SelectField name="estado" label={fieldLabel('estado')} required={isRequired('estado')} options={ESTADO_OPTIONS} emptyOption={null} />
          {admin ? <AsociarUsuario users={users} empleadoId={empleadoId} /> : null}
        </Section>

        <Section title={SECCION_DIRECCION}>
          <Text name="calle" autoComplete="address-line1" />
          <Text name="nun_ex" />
          <Text name="num_in" />
          <Text name="codigo" inputMode="numeric" maxLength={5} helper={AYUDA_CODIGO} autoComplete="postal-code" />
        </Section>
      </div>
    </FormShell>
  );
}
