/** What every field of a form needs besides Formik: whether to show all errors, the warnings, the open tab. */
import { createContext, useContext } from 'react';
import type { ValidationIssue } from '../../../../couch-design/helpers/form-errors';

/** One problem of a form: the shape the gateway answers in `errors` (spec 001 section 8: 'param: msg'), declared once in couch-design. */
export type FormIssue = ValidationIssue;

export interface FormUi {
  /** After a save attempt every error shows, touched or not. */
  showAllErrors: boolean;
  /** Non-blocking warnings by field path (check digits of CURP, RFC, NSS). */
  warnings: Record<string, string>;
  /** Every current problem, for messages that belong to no single field (a list's minimum count). */
  issues: FormIssue[];
  disabled: boolean;
  /** The tab shown, for forms with tabs (FormTabs). */
  tab: number;
  openTab: (tab: number) => void;
  /** Problems per tab after a save attempt (tab index -> count). */
  tabErrors: ReadonlyMap<number, number>;
}

export const FormUiContext = createContext<FormUi>({
  showAllErrors: false,
  warnings: {},
  issues: [],
  disabled: false,
  tab: 0,
  openTab: () => undefined,
  tabErrors: new Map(),
});

export function useFormUi(): FormUi {
  return useContext(FormUiContext);
}

/** 'referencias_personales[0].nombre' -> 'f-referencias_personales-0-nombre' (a valid, unique id). */
export function fieldId(name: string): string {
  return `f-${name.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`;
}
