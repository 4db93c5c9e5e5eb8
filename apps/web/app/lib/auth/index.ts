export {
  AuthProvider,
  useAuth,
  type AuthContextValue,
  type AuthStatus,
  type SessionInput,
} from './context';
export { loginPathFor, PRIVATE_HOME, REDIRECT_PARAM, safeRedirectTarget } from './navigation';
export { readEntryState, type PrivateAreaEntryState } from './entry-state';
export { isUnauthorized, SessionEndedError } from './session';
export { STORAGE_KEYS } from './storage';
export { RequireAuth } from './guard';
export { callWithSession } from './instance';
