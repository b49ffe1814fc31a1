// The public pages of records (docs/domain/public-pages.md) as the screens use them: a record's page settings for
// its settings group's admins (never the token: the link is shown once, when it is made), and the page itself
// without a login.
import { http, requestEnvelope } from '../../src/api/http';

export interface PublicPageSettings {
  enabled: boolean;
  fields: string[];
  attachments: string[];
  created_at: string | null;
  reset_at: string | null;
}

/** The reply of enabling or resetting: the link once, when a token was made. */
export interface PublicPageLink {
  data: PublicPageSettings;
  token?: string;
  url?: string;
}

export interface PublicRecordPage {
  model: string;
  title: string;
  fields: { name: string; label: string; value: string | null }[];
  attachments: { uuid: string; name: string; title: string; size: number | null; url: string }[];
}

const settingsPath = (plural: string, uuid: string) => `${plural}/${uuid}/public-page`;
export const publicPageKey = (plural: string, uuid: string) => ['public-page', plural, uuid] as const;

export const getPublicPageSettings = (plural: string, uuid: string) =>
  http.get<PublicPageSettings>(settingsPath(plural, uuid));

/** The whole reply: its settings, and the link when a token was made. */
const withLink = (path: string, body: unknown) =>
  requestEnvelope<PublicPageSettings>(path, { method: 'POST', body }) as Promise<PublicPageLink>;

/** Enables the page or changes what it shows. */
export const savePublicPage = (plural: string, uuid: string, body: { fields: string[]; attachments: string[] }) =>
  withLink(settingsPath(plural, uuid), body);

export const resetPublicPage = (plural: string, uuid: string) =>
  withLink(`${settingsPath(plural, uuid)}/reset`, { confirm: true });

export const disablePublicPage = (plural: string, uuid: string) => http.delete<null>(settingsPath(plural, uuid));

/** The page as an outsider sees it (no login; an unknown, reset or disabled link is a 404). */
export const getPublicRecordPage = (plural: string, token: string) =>
  http.get<PublicRecordPage>(`public/${encodeURIComponent(plural)}/${encodeURIComponent(token)}`, { silent: true });
