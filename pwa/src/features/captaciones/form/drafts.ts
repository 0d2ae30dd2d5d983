/** The draft keys of the captación forms (the form kit keeps the drafts, docs/architecture.md section 5). */
export const NEW_DRAFT_KEY = 'captacion-nueva';
export const editDraftKey = (id: string): string => `captacion-editar-${id}`;
