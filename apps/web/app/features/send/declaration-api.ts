import {
  declarationApi,
  type DeclarationSignRequest,
  type DeclarationView,
  type DownloadedFile,
} from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { withFallbackName } from '../../lib/save-file';

// Apart from the sending's calls: the documents screen reads whether the declaration is signed.
const declaration = areaClient(declarationApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadDeclaration(call: AuthorizedCall): Promise<DeclarationView> {
  return call((token) => declaration().getDeclaration(token));
}

export function signDeclaration(
  call: AuthorizedCall,
  request: DeclarationSignRequest,
): Promise<DeclarationView> {
  return call((token) => declaration().signDeclaration(request, token));
}

export async function downloadDeclaration(call: AuthorizedCall): Promise<DownloadedFile> {
  const file = await call((token) => declaration().downloadDeclaration(token));
  return withFallbackName(file, 'declaracion-responsable.pdf');
}
