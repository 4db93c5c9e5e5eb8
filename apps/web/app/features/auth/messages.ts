import { API_ERROR_MESSAGES, AUTH_SCREEN_MESSAGES, isApiError } from '@cbp/core';

import { accountFailureMessage } from './load-account-calls';

/** What the sign-in screen says when the call fails (spec 01, section 8). */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) {
    return accountFailureMessage(error, AUTH_SCREEN_MESSAGES.loginNetworkFailure);
  }
  switch (error.code) {
    case 'invalid-credentials':
      return API_ERROR_MESSAGES.invalidCredentials;
    case 'network':
    case 'cross-origin':
    case 'timeout':
      return AUTH_SCREEN_MESSAGES.loginNetworkFailure;
    default:
      return error.message;
  }
}
