/**
 * Setting a password (issue 9 item 5): a person changes their own (the current one first), an
 * admin sets a new one for someone else. The rules are the shared schema's; typing the new one
 * twice guards against a slip nobody could see. One per screen (its fields' ids are fixed).
 */
import { Button, Intent } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useState, type JSX } from 'react';
import type { AnyObjectSchema } from 'yup';
import { issuesToFormErrors } from '../../../../couch-design/helpers/form-errors';
import { errorLines } from './error-lines';
import { SaveOutcome } from './SaveOutcome';
import { TextField } from './fields';
import { FormUiContext, type FormIssue, type FormUi } from './form-ui';
import { schemaIssues } from './schema-issues';
import { BTN_CAMBIAR_PASSWORD, CONTRASENAS_DISTINTAS, ERROR_PASSWORD, GUARDANDO, PASSWORD_ACTUAL, PASSWORD_ACTUALIZADA, PASSWORD_CONFIRMAR, PASSWORD_NUEVA } from './texts';
import './form.css';

export interface PasswordValues {
  password_actual: string;
  password_nueva: string;
  confirmar: string;
}

export type PasswordBody = { password_actual?: string; password_nueva: string };

export interface PasswordFormProps {
  /** Ask for the current password (a person changing their own). */
  askCurrent: boolean;
  /** The shared schema of the body (`ownPasswordSchema` or `adminPasswordSchema`). */
  schema: AnyObjectSchema;
  /** Sends the body; answers the server's message, throws on failure. */
  onSave: (body: PasswordBody) => Promise<string | undefined>;
}

const EMPTY: PasswordValues = { password_actual: '', password_nueva: '', confirmar: '' };

export function PasswordForm({ askCurrent, schema, onSave }: PasswordFormProps): JSX.Element {
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);

  const bodyOf = (v: PasswordValues): PasswordBody =>
    askCurrent ? { password_actual: v.password_actual, password_nueva: v.password_nueva } : { password_nueva: v.password_nueva };
  const issues = (v: PasswordValues): FormIssue[] => [
    ...schemaIssues(schema, bodyOf(v)),
    ...(v.confirmar !== v.password_nueva ? [{ param: 'confirmar', msg: CONTRASENAS_DISTINTAS }] : []),
  ];

  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    setAttempted(true);
    setDone(null);
    setFailure(null);
    if (issues(values).length > 0) return;
    try {
      setDone((await onSave(bodyOf(values))) || PASSWORD_ACTUALIZADA);
      setAttempted(false);
      helpers.resetForm({ values: EMPTY });
    } catch (err) {
      setFailure(errorLines(err, ERROR_PASSWORD).map((line) => line.replace(/^password_(actual|nueva): /, '')));
    }
  };

  return (
    <Formik<PasswordValues> initialValues={EMPTY} validate={(values) => issuesToFormErrors(issues(values))} onSubmit={submit}>
      {(formik) => {
        const ui: FormUi = { showAllErrors: attempted, warnings: {}, issues: [], disabled: formik.isSubmitting, tab: 0, openTab: () => undefined, tabErrors: new Map() };
        return (
          <FormUiContext.Provider value={ui}>
            <form noValidate onSubmit={formik.handleSubmit}>
              <div className="form-grid">
                {askCurrent ? <TextField name="password_actual" label={PASSWORD_ACTUAL} type="password" autoComplete="current-password" required /> : null}
                <TextField name="password_nueva" label={PASSWORD_NUEVA} type="password" autoComplete="new-password" required />
                <TextField name="confirmar" label={PASSWORD_CONFIRMAR} type="password" autoComplete="new-password" required />
              </div>
              <div className="form-actions__buttons">
                <Button type="submit" intent={Intent.PRIMARY} icon="key" size="large" loading={formik.isSubmitting}>
                  {formik.isSubmitting ? GUARDANDO : BTN_CAMBIAR_PASSWORD}
                </Button>
              </div>
              <SaveOutcome
                failure={failure}
                onCloseFailure={() => setFailure(null)}
                success={done}
                testIds={{ failure: 'password-error', success: 'password-success' }}
                successClassName="password-form__done"
              />
            </form>
          </FormUiContext.Provider>
        );
      }}
    </Formik>
  );
}
