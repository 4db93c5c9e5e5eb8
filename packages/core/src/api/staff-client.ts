import { type StaffAccountsApi, staffAccountsApi } from './staff/accounts';
import { type StaffCaseFilesApi, staffCaseFilesApi } from './staff/case-files';
import { staffCalls } from './staff/calls';
import { type StaffLeadsApi, staffLeadsApi } from './staff/leads';
import { type ApiClientOptions, createTransport } from './transport';

export type { StaffAccountsApi, StaffCaseFilesApi, StaffLeadsApi };

/** The back-office's calls under /api/gestion. Every call but sign-in takes the staff token. */
export type StaffApiClient = StaffAccountsApi & StaffLeadsApi & StaffCaseFilesApi;

export function createStaffApiClient(options: ApiClientOptions): StaffApiClient {
  const calls = staffCalls(createTransport(options));
  return { ...staffAccountsApi(calls), ...staffLeadsApi(calls), ...staffCaseFilesApi(calls) };
}
