import { checklistDocumentArticle, holderLabel } from './checklist';

/** A name inside a sentence: 'Libro de familia' → 'libro de familia'; 'DNI/NIE' stays. */
function inSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? `${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
}

/**
 * A checklist entry as a sentence names it, with its article and whose it is: 'las tres últimas
 * nóminas del titular 2', 'el DNI/NIE del miembro 1 de la unidad familiar'. `plural` tells the
 * verb's number ('Faltan' or 'Falta').
 */
export function documentPhrase(document: { id: string; nombre: string }): {
  phrase: string;
  plural: boolean;
} {
  const article = checklistDocumentArticle(document.id);
  const named = `${article} ${inSentence(document.nombre)}`;
  const owner = document.id.slice(0, document.id.indexOf('/'));
  const whose =
    owner === 'hipoteca'
      ? '(documentación de la hipoteca)'
      : owner === 'hogar'
        ? '(documentación del hogar)'
        : owner.startsWith('miembro')
          ? `del ${holderLabel(owner).toLowerCase()} de la unidad familiar`
          : `del ${holderLabel(owner).toLowerCase()}`;
  return { phrase: `${named} ${whose}`, plural: article === 'los' || article === 'las' };
}
