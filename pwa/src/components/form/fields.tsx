/**
 * Formik-bound Blueprint fields: the label (with '*' when required), the value, and the error
 * under the field (intent danger) once touched or after a save attempt; else the warning.
 */
import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { getIn, useFormikContext } from 'formik';
import { useState, type ChangeEvent, type JSX, type ReactNode } from 'react';
import { fieldId, useFormUi } from './form-ui';
import { PickQuestion, type PickQuestionTexts } from './PickQuestion';
import { SELECCIONE } from './texts';
import './form.css';

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  className?: string;
}

/** What a field shows and the props every control of it shares. `warns`: it shows warnings too. */
function useField(name: string, warns = false) {
  const formik = useFormikContext<Record<string, unknown>>();
  const ui = useFormUi();
  const error = getIn(formik.errors, name) as unknown;
  const touched = getIn(formik.touched, name) as unknown;
  const value = getIn(formik.values, name) as unknown;
  // Validation runs on every change (spec 5): a field the person changed speaks at once,
  // an untouched one only after leaving it or a save attempt.
  const changed = value !== getIn(formik.initialValues, name);
  const message = typeof error === 'string' && (touched === true || changed || ui.showAllErrors) ? error : undefined;
  const warning = warns && !message ? ui.warnings[name] : undefined;
  return {
    value,
    error: message,
    warning,
    intent: message ? Intent.DANGER : warning ? Intent.WARNING : Intent.NONE,
    set: (next: unknown) => void formik.setFieldValue(name, next),
    touch: () => void formik.setFieldTouched(name, true, false),
    control: {
      id: fieldId(name),
      name,
      disabled: ui.disabled,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message || warning ? `${fieldId(name)}-msg` : undefined,
      onBlur: () => void formik.setFieldTouched(name, true),
    },
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
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'password';
  placeholder?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  maxLength?: number;
  autoComplete?: string;
  uppercase?: boolean;
}

export function TextField(props: TextFieldProps): JSX.Element {
  const { name, type = 'text', placeholder, inputMode, maxLength, autoComplete, uppercase } = props;
  const { value, error, warning, intent, set, control } = useField(name, true);
  return (
    <Group {...props} error={error} warning={warning}>
      <InputGroup
        {...control}
        type={type}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'off'}
        intent={intent}
        onChange={(e) => set(uppercase ? e.target.value.toUpperCase() : e.target.value)}
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
 * (as couch-design's form shapes hold it). Tablets get the numeric keyboard.
 */
export function NumberField(props: NumberFieldProps): JSX.Element {
  const { name, min, max, step = 'any', unit } = props;
  const { value, error, intent, set, control } = useField(name);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const n = raw === '' ? '' : Number(raw);
    set(typeof n === 'number' && Number.isNaN(n) ? raw : n);
  };
  return (
    <Group {...props} error={error}>
      <InputGroup
        {...control}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
        rightElement={unit ? <span className="form-unit">{unit}</span> : undefined}
        intent={intent}
        onChange={onChange}
        size="large"
      />
    </Group>
  );
}

/** An option whose stored value differs from what the person reads (an id, a role code). */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends BaseProps {
  /** Texts stored as shown, or `{value, label}` pairs. */
  options: readonly (string | SelectOption)[];
  placeholder?: string;
  /** The text of the empty choice; `null` offers none (the field always holds one of the options). */
  emptyOption?: string | null;
  /**
   * Called with the new value after the field changed (to fill other fields from the choice);
   * `confirmed` when `confirmPick` asked about it and the person said yes.
   */
  onPick?: (value: string, confirmed: boolean) => void;
  /** A question to answer before this value is taken (null: taken at once). */
  confirmPick?: (value: string) => PickQuestionTexts | null;
}

const asOption = (o: string | SelectOption): SelectOption => (typeof o === 'string' ? { value: o, label: o } : o);

export function SelectField(props: SelectFieldProps): JSX.Element {
  const { name, options, placeholder = SELECCIONE, emptyOption, onPick, confirmPick } = props;
  const { value, error, set, control } = useField(name);
  const [asking, setAsking] = useState<{ value: string; texts: PickQuestionTexts } | null>(null);
  const take = (next: string, confirmed: boolean) => {
    set(next);
    onPick?.(next, confirmed);
  };
  const current = typeof value === 'string' ? value : '';
  const list = options.map(asOption);
  // A legacy value outside the list stays selectable, so opening a record never changes it.
  const all = current && !list.some((o) => o.value === current) ? [...list, { value: current, label: current }] : list;
  const empty = emptyOption === undefined ? placeholder : emptyOption;
  return (
    <Group {...props} error={error}>
      <HTMLSelect
        {...control}
        value={current}
        fill
        large
        iconName="caret-down"
        onChange={(e) => {
          const next = e.target.value;
          const texts = confirmPick?.(next) ?? null;
          if (texts) setAsking({ value: next, texts });
          else take(next, false);
        }}
      >
        {empty === null ? null : <option value="">{empty}</option>}
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
      {confirmPick ? (
        <PickQuestion
          texts={asking?.texts ?? null}
          onConfirm={() => {
            if (asking) take(asking.value, true);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Group>
  );
}

export function AreaField(props: BaseProps & { rows?: number }): JSX.Element {
  const { name, rows = 3 } = props;
  const { value, error, set, control } = useField(name);
  return (
    <Group {...props} error={error}>
      <TextArea {...control} value={typeof value === 'string' ? value : ''} rows={rows} fill autoResize onChange={(e) => set(e.target.value)} />
    </Group>
  );
}

export function CheckField(props: BaseProps): JSX.Element {
  const { name, label, required, className } = props;
  const { value, error, intent, set, touch, control } = useField(name);
  return (
    <FormGroup className={className} intent={intent} helperText={error ? <span id={control['aria-describedby']} role="alert">{error}</span> : undefined}>
      <Checkbox
        {...control}
        checked={value === true}
        size="large"
        labelElement={
          <>
            {label}
            {required ? <span className="form-required"> *</span> : null}
          </>
        }
        onChange={(e) => {
          set(e.currentTarget.checked);
          touch();
        }}
      />
    </FormGroup>
  );
}
