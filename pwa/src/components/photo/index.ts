export { PhotoAvatarEdit, type PhotoAvatarEditProps } from './PhotoAvatarEdit';
export { PhotoField, type PhotoFieldProps } from './PhotoField';
export { photoProblem, uploadPhoto } from './photo-file';
export { useObjectUrl } from './use-object-url';
