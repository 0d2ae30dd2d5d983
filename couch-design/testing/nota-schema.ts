/** The schema of the test child entity (nota-entity.ts): a note on a captación. */
import * as yup from 'yup';

export const NOTA_MSG = { texto: 'El texto de la nota es obligatorio (hasta 200 caracteres).' } as const;

export const notaSchema = yup.object({ texto: yup.string().trim().min(1, NOTA_MSG.texto).max(200, NOTA_MSG.texto).required(NOTA_MSG.texto) });
