/** What every field of the captación form needs besides Formik: whether to show all errors, and the warnings. */
import { createContext, useContext } from 'react';
import type { ValidationIssue } from '../../../../../couch-design/captacion';

export interface FormUi {
  /** After a save attempt every error shows, touched or not. */
  showAllErrors: boolean;
  /** Non-blocking check-digit warnings by field path (CURP, RFC, NSS). */
  warnings: Record<string, string>;
  /** Every current problem, for messages that belong to no single field (the references count). */
  issues: ValidationIssue[];
  disabled: boolean;
}

export const FormUiContext = createContext<FormUi>({ showAllErrors: false, warnings: {}, issues: [], disabled: false });

export function useFormUi(): FormUi {
  return useContext(FormUiContext);
}

/** 'referencias_personales[0].nombre' -> 'f-referencias_personales-0-nombre' (a valid, unique id). */
export function fieldId(name: string): string {
  return `f-${name.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`;
}
