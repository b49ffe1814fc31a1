// Licenses and property deletion requests (docs/domain/permissions.md, "Licenses", "Property deletion"): the admins'
// read and the superusers' writes of licenses (a model of the records engine, src/entities/license.ts); asking to
// delete a property and confirming it from the mailed link.
import { http } from './http';

export interface License {
  uuid: string;
  settings_group_uuid: string;
  name: string;
  holder_uuid: string | null;
  holder_name: string | null;
  valid_from: string;
  valid_to: string;
  description: string | null;
  property_uuids: string[];
  valid_today: boolean;
  links: { update?: string; delete?: string };
}
export interface LicenseBody {
  name: string;
  valid_from: string;
  valid_to: string;
  property_uuids: string[];
}

export type DeleteRequestStatus = 'pending' | 'scheduled' | 'done' | 'withdrawn';
export interface PropertyDeleteRequest {
  uuid: string;
  property_uuid: string;
  property_name: string | null;
  status: DeleteRequestStatus;
  delete_on: string | null;
}

export const licenseKeys = { list: (sg: string) => ['licenses', sg] as const };

/** The settings group's licenses (a list of the records engine: up to 500, the most it gives in one page). */
export const fetchLicenses = (sg: string) =>
  http.get<License[]>('licenses', { query: { settings_group_uuid: sg, per_page: 500 } });
export const createLicense = (sg: string, body: LicenseBody) =>
  http.post<License>('licenses', { settings_group_uuid: sg, ...body });
export const updateLicense = (uuid: string, body: LicenseBody) =>
  http.patch<License>(`licenses/${encodeURIComponent(uuid)}`, body);
export const deleteLicense = (uuid: string) => http.delete<unknown>(`licenses/${encodeURIComponent(uuid)}`);

export const requestPropertyDeletion = (property: string) =>
  http.post<PropertyDeleteRequest>(`properties/${encodeURIComponent(property)}/delete-request`);
export const confirmPropertyDeletion = (token: string) =>
  http.post<PropertyDeleteRequest>('property-delete-requests/confirm', { token });
