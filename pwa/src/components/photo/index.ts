export { PhotoAvatarEdit, type PhotoAvatarEditProps } from './PhotoAvatarEdit';
export { PhotoField, type PhotoFieldProps } from './PhotoField';
export { photoProblem, uploadPhoto } from './photo-file';
export { usePreview } from './use-preview';
