/**
 * The hidden file chooser behind a photo button (images only): a picked file that is not an
 * accepted image is refused with the reason, and choosing the same file again still answers.
 */
import type { JSX, RefObject } from 'react';
import { PHOTO_ACCEPT } from '../../../../couch-design/foto';
import { photoProblem } from './photo-file';
import './photo.css';

export interface PhotoInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  id?: string;
  label: string;
  testId?: string;
  onPick: (file: File) => void;
  onInvalid: (message: string) => void;
}

export function PhotoInput({ inputRef, id, label, testId, onPick, onInvalid }: PhotoInputProps): JSX.Element {
  return (
    <input
      ref={inputRef}
      id={id}
      className="photo-field__input app-visually-hidden"
      type="file"
      accept={PHOTO_ACCEPT}
      tabIndex={-1}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (!file) return;
        const why = photoProblem(file);
        if (why) onInvalid(why);
        else onPick(file);
      }}
    />
  );
}
