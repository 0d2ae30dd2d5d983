/** Where the edit form of a user keeps its draft on this device (components/form/drafts.ts). */
export const editDraftKey = (id: string): string => `usuario-editar-${id}`;
