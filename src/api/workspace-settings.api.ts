// The workspace's settings (docs/domain/fields.md, "Workspace settings"): read by its members, changed section by
// section by its admins; a 422 names `<section>.<key>`.
import { http } from './http';

export type WorkspaceSettingsValues = Record<string, Record<string, unknown>>;

export const workspaceSettingsKeys = { one: (sg: string) => ['workspace-settings', sg] as const };

const path = (sg: string) => `settings-groups/${encodeURIComponent(sg)}/settings`;

export const fetchWorkspaceSettings = (sg: string) => http.get<WorkspaceSettingsValues>(path(sg));
export const patchWorkspaceSettings = (sg: string, changes: WorkspaceSettingsValues) =>
  http.patch<WorkspaceSettingsValues>(path(sg), changes);
