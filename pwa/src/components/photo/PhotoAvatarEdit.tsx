/**
 * A person's large photo with a pencil that picks a new one (spec 000 section 2, own profile:
 * "edit pencil, image files only"). The screen uploads what `onPick` receives.
 */
import { Button, Spinner } from '@blueprintjs/core';
import { useRef, useState, type JSX } from 'react';
import { PhotoInput } from './PhotoInput';
import { CAMBIAR_FOTO } from './texts';
import './photo.css';

export interface PhotoAvatarEditProps {
  src?: string | null;
  /** Initials shown when there is no photo. */
  letters: string;
  /** No pencil when the person may not change it (offline, someone else's profile). */
  editable: boolean;
  busy?: boolean;
  onPick: (file: File) => void;
  /** A picked file that is not an accepted image. */
  onInvalid: (message: string) => void;
}

export function PhotoAvatarEdit({ src, letters, editable, busy, onPick, onInvalid }: PhotoAvatarEditProps): JSX.Element {
  const input = useRef<HTMLInputElement>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = !!src && broken !== src;
  return (
    <div className="photo-avatar">
      {showImage ? (
        <img className="photo-avatar__img" src={src} alt="" onError={() => setBroken(src)} data-testid="profile-photo" />
      ) : (
        <span className="photo-avatar__img photo-avatar__letters" aria-hidden data-testid="profile-initials">
          {letters}
        </span>
      )}
      {busy ? <Spinner className="photo-avatar__busy" size={28} aria-label={CAMBIAR_FOTO} /> : null}
      {editable ? (
        <>
          <Button
            className="photo-avatar__edit"
            icon="edit"
            intent="primary"
            aria-label={CAMBIAR_FOTO}
            title={CAMBIAR_FOTO}
            disabled={busy}
            onClick={() => input.current?.click()}
          />
          <PhotoInput inputRef={input} label={CAMBIAR_FOTO} testId="profile-photo-input" onPick={onPick} onInvalid={onInvalid} />
        </>
      ) : null}
    </div>
  );
}
