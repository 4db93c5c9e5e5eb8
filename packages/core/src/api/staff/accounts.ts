import {
  messageResponseSchema,
  type StaffActivationRequest,
  staffActivationRequestSchema,
  type StaffAuthResponse,
  staffAuthResponseSchema,
  type StaffInvitation,
  staffInvitationLookupSchema,
  staffInvitationSchema,
  type StaffInviteRequest,
  staffInviteRequestSchema,
  type StaffLoginRequest,
  staffLoginRequestSchema,
  type StaffMember,
  staffMemberSchema,
  staffTeamResponseSchema,
} from '../../schemas';
import { checkedInput } from '../transport';
import { type StaffCalls, STAFF_FALLBACK_MESSAGES } from './calls';

/** The back-office's sign-in, session and team (/api/gestion/auth, /equipo). */
export interface StaffAccountsApi {
  login(request: StaffLoginRequest, signal?: AbortSignal): Promise<StaffAuthResponse>;
  /** Spends the refresh cookie the browser holds (scripts never see it) for a new access token. */
  refresh(): Promise<StaffAuthResponse>;
  /** Closes the session of the refresh cookie; the server clears the cookie. */
  logout(): Promise<void>;
  me(token: string): Promise<StaffMember>;
  invitation(invitationToken: string): Promise<StaffInvitation>;
  activate(request: StaffActivationRequest): Promise<StaffAuthResponse>;
  team(token: string): Promise<StaffMember[]>;
  invite(token: string, request: StaffInviteRequest): Promise<StaffMember>;
  disable(token: string, staffId: string): Promise<StaffMember>;
}

export function staffAccountsApi({
  call,
  bearer,
  id,
  sessionHeader,
}: StaffCalls): StaffAccountsApi {
  return {
    login: (request, signal) =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/login',
        body: checkedInput(staffLoginRequestSchema, request),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.login,
      }),
    refresh: () =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/refresh',
        headers: sessionHeader,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      }),
    async logout() {
      await call(messageResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/logout',
        headers: sessionHeader,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      });
    },
    me: (token) =>
      call(staffMemberSchema, {
        method: 'GET',
        path: '/api/gestion/auth/me',
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      }),
    invitation: (invitationToken) =>
      call(staffInvitationSchema, {
        method: 'POST',
        path: '/api/gestion/auth/invitation',
        body: checkedInput(staffInvitationLookupSchema, { token: invitationToken }),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.invitation,
      }),
    activate: (request) =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/activate',
        body: checkedInput(staffActivationRequestSchema, request),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.activate,
      }),
    team: async (token) =>
      (
        await call(staffTeamResponseSchema, {
          method: 'GET',
          path: '/api/gestion/equipo',
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.team,
        })
      ).equipo,
    invite: (token, request) =>
      call(staffMemberSchema, {
        method: 'POST',
        path: '/api/gestion/equipo',
        body: checkedInput(staffInviteRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.invite,
      }),
    disable: (token, staffId) =>
      call(staffMemberSchema, {
        method: 'POST',
        path: `/api/gestion/equipo/${id(staffId)}/desactivar`,
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.disable,
      }),
  };
}
