import { z } from '../zod';
import { DOCUMENT_ESTADOS, HOUSEHOLD_LIMITS } from '../documents';
import { RULES } from '../rules';
import { responseText } from './fields';

export const documentEstadoSchema = z.enum(DOCUMENT_ESTADOS, {
  error: 'El estado del documento no es válido',
});

/** The spec's message for a file above the upload limit. */
export function fileTooLargeMessage(fileName: string): string {
  return `El archivo ${fileName} excede el límite de ${RULES.documents.maxFileMegabytes}MB`;
}

export const checklistFileSchema = z
  .object({
    name: z
      .string({ error: 'Falta el nombre del archivo' })
      .min(1, { error: 'Falta el nombre del archivo' })
      .max(255, { error: 'El nombre del archivo es demasiado largo' }),
    size: z
      .int({ error: 'El tamaño del archivo no es válido' })
      .nonnegative({ error: 'El tamaño del archivo no es válido' }),
  })
  .check((ctx) => {
    if (ctx.value.size > RULES.documents.maxFileBytes) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.size,
        path: ['size'],
        message: fileTooLargeMessage(ctx.value.name),
      });
    }
  });

export const checklistDocumentSchema = z.object({
  id: responseText(200),
  nombre: responseText(200),
  archivo: checklistFileSchema.nullable(),
  estado: documentEstadoSchema,
});

const holderKeySchema = z
  .string()
  .regex(/^(?:[1-9]\d*|miembro-[1-9]\d*)$/, { error: 'La clave del titular no es válida' });

export const documentChecklistSchema = z.object({
  holders: z
    .record(
      holderKeySchema,
      z.object({
        personal: z.array(checklistDocumentSchema).max(20),
        laboral: z.array(checklistDocumentSchema).max(20),
      }),
    )
    .refine(
      (holders) =>
        Object.keys(holders).length <= HOUSEHOLD_LIMITS.maxTitulares + HOUSEHOLD_LIMITS.maxMiembros,
      {
        error: 'Demasiados titulares y miembros',
      },
    ),
  hipoteca: z.array(checklistDocumentSchema).max(20),
});
