/** Where the edit form of an employee keeps its draft on this device (components/form/drafts.ts). */
export const editDraftKey = (id: string): string => `empleado-editar-${id}`;
