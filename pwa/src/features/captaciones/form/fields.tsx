/**
 * Formik-bound Blueprint fields: the label (with '*' when required), the value, and the error
 * under the field (intent danger) once touched or after a save attempt; else the warning.
 */
import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { getIn, useFormikContext } from 'formik';
import type { ChangeEvent, JSX, ReactNode } from 'react';
import { fieldId, useFormUi } from './form-ui';

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  className?: string;
}

function useFieldState(name: string) {
  const formik = useFormikContext<Record<string, unknown>>();
  const ui = useFormUi();
  const error = getIn(formik.errors, name) as unknown;
  const touched = getIn(formik.touched, name) as unknown;
  const value = getIn(formik.values, name) as unknown;
  // Validation runs on every change (spec 5): a field the person changed speaks at once,
  // an untouched one only after leaving it or a save attempt.
  const changed = value !== getIn(formik.initialValues, name);
  const message = typeof error === 'string' && (touched === true || changed || ui.showAllErrors) ? error : undefined;
  const warning = ui.warnings[name];
  return {
    formik,
    value,
    error: message,
    warning: message ? undefined : warning,
    disabled: ui.disabled,
  };
}

function Group(props: BaseProps & { error?: string; warning?: string; children: ReactNode }): JSX.Element {
  const { name, label, required, helper, error, warning, className, children } = props;
  const intent = error ? Intent.DANGER : warning ? Intent.WARNING : Intent.NONE;
  const message = error ?? warning;
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={fieldId(name)}
      labelInfo={required ? '*' : undefined}
      intent={intent}
      helperText={message ? <span id={`${fieldId(name)}-msg`} role={error ? 'alert' : undefined}>{message}</span> : helper}
    >
      {children}
    </FormGroup>
  );
}

export interface TextFieldProps extends BaseProps {
  type?: 'text' | 'email' | 'tel' | 'date';
  placeholder?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  maxLength?: number;
  autoComplete?: string;
  uppercase?: boolean;
}

export function TextField(props: TextFieldProps): JSX.Element {
  const { name, type = 'text', placeholder, inputMode, maxLength, autoComplete, uppercase } = props;
  const { formik, value, error, warning, disabled } = useFieldState(name);
  const onChange = (e: ChangeEvent<HTMLInputElement>) =>
    void formik.setFieldValue(name, uppercase ? e.target.value.toUpperCase() : e.target.value);
  return (
    <Group {...props} error={error} warning={warning}>
      <InputGroup
        id={fieldId(name)}
        name={name}
        type={type}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'off'}
        intent={error ? Intent.DANGER : warning ? Intent.WARNING : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || warning ? `${fieldId(name)}-msg` : undefined}
        onChange={onChange}
        onBlur={() => void formik.setFieldTouched(name, true)}
        disabled={disabled}
        size="large"
      />
    </Group>
  );
}

export interface NumberFieldProps extends BaseProps {
  min?: number;
  max?: number;
  step?: number | 'any';
  /** Shown inside the input, e.g. 'm²', '$', '%'. */
  unit?: string;
}

/**
 * A number input holding a number or '' (empty), the form's representation of an empty number
 * (couch-design/captacion/types). Tablets get the numeric keyboard.
 */
export function NumberField(props: NumberFieldProps): JSX.Element {
  const { name, min, max, step = 'any', unit } = props;
  const { formik, value, error, disabled } = useFieldState(name);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const n = raw === '' ? '' : Number(raw);
    void formik.setFieldValue(name, typeof n === 'number' && Number.isNaN(n) ? raw : n);
  };
  return (
    <Group {...props} error={error}>
      <InputGroup
        id={fieldId(name)}
        name={name}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
        rightElement={unit ? <span className="cap-unit">{unit}</span> : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId(name)}-msg` : undefined}
        onChange={onChange}
        onBlur={() => void formik.setFieldTouched(name, true)}
        disabled={disabled}
        size="large"
      />
    </Group>
  );
}

export interface SelectFieldProps extends BaseProps {
  options: readonly string[];
  placeholder?: string;
}

export function SelectField(props: SelectFieldProps): JSX.Element {
  const { name, options, placeholder = 'Seleccione...' } = props;
  const { formik, value, error, disabled } = useFieldState(name);
  const current = typeof value === 'string' ? value : '';
  // A legacy value outside the list stays selectable, so opening a record never changes it.
  const all = current && !options.includes(current) ? [...options, current] : options;
  return (
    <Group {...props} error={error}>
      <HTMLSelect
        id={fieldId(name)}
        name={name}
        value={current}
        fill
        large
        iconName="caret-down"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId(name)}-msg` : undefined}
        onChange={(e) => void formik.setFieldValue(name, e.target.value)}
        onBlur={() => void formik.setFieldTouched(name, true)}
        disabled={disabled}
      >
        <option value="">{placeholder}</option>
        {all.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </HTMLSelect>
    </Group>
  );
}

export function AreaField(props: BaseProps & { rows?: number }): JSX.Element {
  const { name, rows = 3 } = props;
  const { formik, value, error, disabled } = useFieldState(name);
  return (
    <Group {...props} error={error}>
      <TextArea
        id={fieldId(name)}
        name={name}
        value={typeof value === 'string' ? value : ''}
        rows={rows}
        fill
        autoResize
        onChange={(e) => void formik.setFieldValue(name, e.target.value)}
        onBlur={() => void formik.setFieldTouched(name, true)}
        disabled={disabled}
      />
    </Group>
  );
}

export function CheckField(props: BaseProps): JSX.Element {
  const { name, label, required, className } = props;
  const { formik, value, error, disabled } = useFieldState(name);
  return (
    <FormGroup className={className} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ? <span id={`${fieldId(name)}-msg`} role="alert">{error}</span> : undefined}>
      <Checkbox
        id={fieldId(name)}
        name={name}
        checked={value === true}
        size="large"
        labelElement={
          <>
            {label}
            {required ? <span className="cap-required"> *</span> : null}
          </>
        }
        aria-describedby={error ? `${fieldId(name)}-msg` : undefined}
        onChange={(e) => {
          void formik.setFieldValue(name, e.currentTarget.checked);
          void formik.setFieldTouched(name, true, false);
        }}
        disabled={disabled}
      />
    </FormGroup>
  );
}
