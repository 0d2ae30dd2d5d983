/** The payslip form of both 'Crear Nueva Nómina' and 'Editar Nómina': whose it is, its fields, the save sequence. */
import { Card } from '@blueprintjs/core';
import type { JSX } from 'react';
import { FormShell, type FormShellTexts } from '../../../components/form';
import { EmpleadoNombre } from './EmpleadoNombre';
import { NominaFields } from './NominaFields';
import { validateNominaForm, type NominaFormValues } from './values';

export interface NominaFormProps {
  nombre: string;
  initial: NominaFormValues;
  texts: FormShellTexts;
  onSave: (values: NominaFormValues) => Promise<void>;
  exitTo: string;
}

export function NominaForm({ nombre, initial, texts, onSave, exitTo }: NominaFormProps): JSX.Element {
  return (
    <Card className="page-card nominas-form">
      <EmpleadoNombre nombre={nombre} />
      <FormShell<NominaFormValues> initialValues={initial} baseline={initial} validate={validateNominaForm} texts={texts} onSave={onSave} exitTo={exitTo}>
        <NominaFields />
      </FormShell>
    </Card>
  );
}
