import {
  DECLARATION_PATH,
  DECLARATION_PDF_PATH,
  declarationResponseSchema,
  declarationSignRequestSchema,
  type DeclarationSignRequest,
  type DeclarationView,
  tokenSchema,
} from '../../schemas';
import { downloadAttachment, type DownloadedFile } from '../download';
import { type ApiTransport, type CallOptions, checkedInput, sendValidated } from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const DECLARATION_FALLBACK_MESSAGES = {
  getDeclaration: 'No hemos podido cargar tu declaración responsable',
  signDeclaration: 'No hemos podido registrar tu firma de la declaración responsable',
  downloadDeclaration: 'No hemos podido descargar tu declaración responsable',
} as const;

/**
 * The declaración responsable: its text, its signature and its PDF. Apart from the sending, so
 * the documents screen, which shows whether it is signed, does not download the sending's calls.
 */
export interface DeclarationApi {
  /** GET /api/expediente/declaracion: the declaración responsable's text and whether it is signed. */
  getDeclaration(accessToken: string, options?: CallOptions): Promise<DeclarationView>;
  /** POST /api/expediente/declaracion: signs the declaration the screen showed (its `huella`). */
  signDeclaration(
    request: DeclarationSignRequest,
    accessToken: string,
    options?: CallOptions,
  ): Promise<DeclarationView>;
  /** GET /api/expediente/declaracion/pdf: the signed declaration. */
  downloadDeclaration(
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
}

export function declarationApi(send: ApiTransport): DeclarationApi {
  return {
    async getDeclaration(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, declarationResponseSchema, {
          method: 'GET',
          path: DECLARATION_PATH,
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: DECLARATION_FALLBACK_MESSAGES.getDeclaration,
        })
      ).data;
    },

    async signDeclaration(request, accessToken, callOptions = {}) {
      return (
        await sendValidated(send, declarationResponseSchema, {
          method: 'POST',
          path: DECLARATION_PATH,
          body: checkedInput(declarationSignRequestSchema, request),
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: DECLARATION_FALLBACK_MESSAGES.signDeclaration,
        })
      ).data;
    },

    downloadDeclaration: (accessToken, callOptions = {}) =>
      downloadAttachment(
        send,
        DECLARATION_PDF_PATH,
        accessToken,
        DECLARATION_FALLBACK_MESSAGES.downloadDeclaration,
        callOptions,
      ),
  };
}
