/**
 * The optional photo of a form (spec 000 section 2): a button that opens the file chooser (images
 * only), the preview of the chosen picture with an 'Eliminar' link that drops it, and the
 * current photo when the record has one. The chosen File is the Formik value at `name` (null
 * when none); the screen uploads it after saving the record.
 */
import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import { useRef, useState, type JSX } from 'react';
import { useFormUi } from '../form/form-ui';
import { PhotoInput } from './PhotoInput';
import { BTN_CAMBIAR, BTN_ELEGIR, BTN_QUITAR, FOTO_ACTUAL, VISTA_PREVIA } from './texts';
import { useObjectUrl } from './use-object-url';
import './photo.css';

export interface PhotoFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** The record's photo today (shown until another is chosen). */
  currentUrl?: string | null;
}

export function PhotoField({ name, label, hint, currentUrl }: PhotoFieldProps): JSX.Element {
  const formik = useFormikContext<Record<string, unknown>>();
  const { disabled } = useFormUi();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picked = formik.values[name] instanceof File ? (formik.values[name]) : null;
  const preview = useObjectUrl(picked);
  const shown = preview ?? currentUrl ?? null;
  const id = `f-${name}`;

  const pick = (file: File) => {
    setProblem(null);
    void formik.setFieldValue(name, file);
  };

  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={problem ? <span role="alert">{problem}</span> : hint}
    >
      <div className="photo-field">
        {shown ? (
          <img className="photo-field__img" src={shown} alt={preview ? VISTA_PREVIA : FOTO_ACTUAL} data-testid="photo-preview" />
        ) : null}
        <div className="photo-field__buttons">
          <Button icon="camera" onClick={() => input.current?.click()} disabled={disabled}>
            {picked || currentUrl ? BTN_CAMBIAR : BTN_ELEGIR}
          </Button>
          {picked ? (
            <Button
              variant="minimal"
              intent={Intent.DANGER}
              onClick={() => {
                setProblem(null);
                void formik.setFieldValue(name, null);
              }}
              disabled={disabled}
            >
              {BTN_QUITAR}
            </Button>
          ) : null}
          {picked ? <span className="photo-field__name">{picked.name}</span> : null}
        </div>
        <PhotoInput inputRef={input} id={id} label={label} onPick={pick} onInvalid={setProblem} />
      </div>
    </FormGroup>
  );
}
