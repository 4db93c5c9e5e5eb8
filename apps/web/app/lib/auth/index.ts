export {
  AuthProvider,
  useAuth,
  type AuthContextValue,
  type AuthStatus,
  type SessionInput,
} from './context';
export {
  loginPathFor,
  PRIVATE_HOME,
  readEntryState,
  REDIRECT_PARAM,
  safeRedirectTarget,
  type PrivateAreaEntryState,
} from './navigation';
export { isUnauthorized, SessionEndedError } from './session';
export { STORAGE_KEYS } from './storage';
export { RequireAuth } from './guard';
export { callWithSession } from './instance';
