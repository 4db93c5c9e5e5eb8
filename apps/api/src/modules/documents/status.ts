import {
  DECLARATION_DOCUMENT_ID,
  holderLabel,
  HOLDER_CATEGORIES,
  type RequiredDocument,
  requiredDocumentId,
} from '@cbp/core';
import type { AppContext } from '../../context';
import { declarationStatusOf } from '../declaration/service';
import { overviewOf } from './service';

type Review = {
  archivo: { subidoEn: string } | null;
  estado: 'pendiente' | 'aprobado' | 'rechazado';
  motivoRechazo: string | null;
};

/**
 * One document as the case status lists it (decision 0671): nothing yet is 'pendiente' (by
 * `fechaLimite`), a rejected file 'rechazado' (by the same day, and 'alta': there is something
 * to fix), a file not yet reviewed 'en-revision', an approved one 'completado'; those two carry
 * the day it was delivered.
 */
function requiredDocument(
  id: string,
  nombre: string,
  owner: string,
  review: Review,
  fechaLimite: string | null,
): RequiredDocument {
  if (review.archivo === null) {
    return {
      id,
      nombre,
      descripcion: owner,
      estado: 'pendiente',
      fechaLimite,
      fechaEntrega: null,
      prioridad: 'normal',
    };
  }
  if (review.estado === 'rechazado') {
    return {
      id,
      nombre,
      descripcion: `${owner}. Motivo del rechazo: ${review.motivoRechazo ?? 'no indicado'}`,
      estado: 'rechazado',
      fechaLimite,
      fechaEntrega: null,
      prioridad: 'alta',
    };
  }
  return {
    id,
    nombre,
    descripcion: owner,
    estado: review.estado === 'aprobado' ? 'completado' : 'en-revision',
    fechaLimite: null,
    fechaEntrega: review.archivo.subidoEn,
    prioridad: 'normal',
  };
}

/**
 * The declaración responsable is signed, not uploaded: signed and stating today's facts, it is
 * done on the day it was signed (decision 0731); otherwise it waits for the signature.
 */
async function declarationReview(ctx: AppContext, leadId: string): Promise<Review> {
  const declaration = await declarationStatusOf(ctx.db, leadId);
  const signed = declaration.valid ? declaration.signed : undefined;
  return signed === undefined
    ? { archivo: null, estado: 'pendiente', motivoRechazo: null }
    : {
        archivo: { subidoEn: signed.signedAt.toISOString() },
        estado: 'aprobado',
        motivoRechazo: null,
      };
}

/**
 * The documents the case needs for its household today (the checklist of the documents screen:
 * the household's, each person's, the mortgage's) and the ones retrieved with Cl@ve, each with
 * its state for the case status screen. Entries the situation no longer needs are left out, and
 * so are those a retrieved file fills (listed as retrieved). Ids are the checklist's with '_'
 * for '/' ('1_dni-nie'), and 'obtenido-{file id}'.
 */
export async function requiredDocumentsOf(
  ctx: AppContext,
  leadId: string,
  fechaLimite: string | null,
): Promise<RequiredDocument[]> {
  const overview = await overviewOf(ctx, leadId);
  const documents: RequiredDocument[] = [];
  const listed = (entry: { necesario: boolean; archivo: unknown; obtenidoCon: string | null }) =>
    entry.necesario && (entry.archivo !== null || entry.obtenidoCon === null);
  for (const entry of overview.checklist.hogar.filter(listed)) {
    documents.push(
      requiredDocument(
        requiredDocumentId(entry.id),
        entry.nombre,
        'Unidad familiar',
        entry.id === DECLARATION_DOCUMENT_ID ? await declarationReview(ctx, leadId) : entry,
        fechaLimite,
      ),
    );
  }
  for (const [key, holder] of Object.entries(overview.checklist.holders)) {
    for (const category of HOLDER_CATEGORIES) {
      for (const entry of holder[category].filter(listed)) {
        documents.push(
          requiredDocument(
            requiredDocumentId(entry.id),
            entry.nombre,
            holderLabel(key),
            entry,
            fechaLimite,
          ),
        );
      }
    }
  }
  for (const entry of overview.checklist.hipoteca.filter(listed)) {
    documents.push(
      requiredDocument(requiredDocumentId(entry.id), entry.nombre, 'Hipoteca', entry, fechaLimite),
    );
  }
  for (const file of overview.obtenidos) {
    documents.push(
      requiredDocument(
        `obtenido-${file.archivo.id}`,
        file.nombre,
        'Obtenido con Cl@ve',
        file,
        fechaLimite,
      ),
    );
  }
  return documents;
}
