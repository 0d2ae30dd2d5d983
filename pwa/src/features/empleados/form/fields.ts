/** Labels and required marks of the employee fields, read from the shared schema (never re-declared). */
import { empleadoCreateSchema } from '../../../../../couch-design/empleado';

type Described = Record<string, { label?: string; optional?: boolean }>;
const described = empleadoCreateSchema.describe().fields as Described;

export type EmpleadoField = keyof typeof empleadoCreateSchema.fields;

export const fieldLabel = (name: EmpleadoField): string => described[name]?.label ?? name;
export const isRequired = (name: EmpleadoField): boolean => described[name]?.optional === false;
