import { z } from 'zod';
import type { OpenSubmission } from '../case-access/lock';

/** One stored part of a sent bank file, as the submission row keeps it. */
export const storedPartSchema = z.object({
  numero: z.number().int().min(1),
  storageKey: z.string(),
  sha256: z.string(),
  bytes: z.number().int().min(0),
  paginas: z.number().int().min(0),
  contenido: z.string(),
});
export type StoredPart = z.infer<typeof storedPartSchema>;

/** The parts of a sent file; a row sent before files were split is its own single part. */
export function partsOf(row: OpenSubmission): StoredPart[] {
  const parsed = z.array(storedPartSchema).min(1).safeParse(row.parts);
  if (parsed.success) return parsed.data;
  return [
    {
      numero: 1,
      storageKey: row.storageKey,
      sha256: row.sha256,
      bytes: row.bytes,
      paginas: 0,
      contenido: 'la carta y todos los anexos',
    },
  ];
}
