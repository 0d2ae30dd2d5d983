/** The sections of the user forms (spec 000 section 2): each a card with its fields and hints. */
import { Card, H2 } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import { ROLE_OPTIONS } from '../../../../../couch-design/roles';
import { SelectField, TextField } from '../../../components/form';
import { HINT_CODIGO, HINT_PASSWORD, HINT_TELEFONO, LABEL } from '../texts';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }): JSX.Element {
  return (
    <Card className="page-card usuario-section" data-testid={testId}>
      <H2 className="usuario-section__title">{title}</H2>
      {children}
    </Card>
  );
}

export function NombreFields({ withPuesto = false }: { withPuesto?: boolean }): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="prim_nom" label={LABEL.prim_nom} required autoComplete="given-name" />
      <TextField name="segun_nom" label={LABEL.segun_nom} autoComplete="additional-name" />
      <TextField name="apell_pa" label={LABEL.apell_pa} required autoComplete="family-name" />
      <TextField name="apell_ma" label={LABEL.apell_ma} required />
      <TextField name="fecha_na" label={LABEL.fecha_na} type="date" required autoComplete="bday" />
      {withPuesto ? <PuestoField /> : null}
    </div>
  );
}

export const PuestoField = (): JSX.Element => <TextField name="pust" label={LABEL.pust} required autoComplete="organization-title" />;

export const TelefonoField = (): JSX.Element => (
  <TextField name="telefono" label={LABEL.telefono} type="tel" inputMode="tel" required helper={HINT_TELEFONO} autoComplete="tel-national" />
);

export function DireccionFields(): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="calle" label={LABEL.calle} required autoComplete="address-line1" />
      <TextField name="nun_ex" label={LABEL.nun_ex} required />
      <TextField name="num_in" label={LABEL.num_in} />
      <TextField name="codigo" label={LABEL.codigo} inputMode="numeric" maxLength={5} required helper={HINT_CODIGO} autoComplete="postal-code" />
    </div>
  );
}

export const EmailField = ({ isNew }: { isNew: boolean }): JSX.Element => (
  <TextField name="email" label={LABEL.email} type="email" inputMode="email" required autoComplete={isNew ? 'off' : 'email'} />
);

export const PasswordField = (): JSX.Element => (
  <TextField name="password" label={LABEL.password} type="password" required helper={HINT_PASSWORD} autoComplete="new-password" />
);

export const RoleField = (): JSX.Element => <SelectField name="role" label={LABEL.role} options={ROLE_OPTIONS} emptyOption={null} />;
