// Helpers of the planning API tests: a signed-in workspace with a property, dates relative to today (the server
// materialises from the real today), and short request helpers.
import { json, signedIn, type Client, type TestEnv } from './harness';
import { settingsGroupMembers } from '../../server/db/schema';

export interface Ws {
  client: Client;
  settingsGroup: string;
  property: string;
  user: { id: number; uuid: string; email: string };
}

export type Rec = Record<string, unknown> & { uuid: string; links: Record<string, string> };

/** A signed-in admin's new settings group with a property; `group` sets the group's own fields (its currency, which
 * new orders, bills and budgets take: by default the admin's locale's, USD here). */
export async function workspace(env: TestEnv, group: Record<string, unknown> = {}): Promise<Ws> {
  const { client, user } = await signedIn(env);
  const sg = json<{ data: { uuid: string } }>(
    await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}`, ...group }),
  ).data.uuid;
  const property = json<{ data: Rec }>(
    await client.post('/properties', { settings_group_uuid: sg, name: 'Seestrasse 1' }),
  ).data.uuid;
  return { client, settingsGroup: sg, property, user };
}

const DAY = 86_400_000;
export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
export const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
export const diffDays = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

export async function post(c: Client, url: string, body: unknown = {}) {
  const res = await c.post(url, body);
  return {
    status: res.statusCode,
    body: json<{ data: Rec; meta?: Record<string, unknown>; errors?: Record<string, string[]> }>(res),
  };
}

export async function createTask(ws: Ws, body: Record<string, unknown>) {
  const res = await post(ws.client, '/tasks', { property_uuid: ws.property, title: 'Filter change', ...body });
  if (res.status !== 201) throw new Error(`task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function eventsOf(ws: Ws, task: string, status?: string) {
  const q = `/task-events?per_page=500&sort_by=due_date&filter[task_uuid]=${task}${status ? `&filter[status]=${status}` : ''}`;
  return json<{ data: Rec[] }>(await ws.client.get(q)).data;
}

/** A list query's filter in the URL's bracket form (as the grid sends a link's filter, views/records/url-filter.ts). */
export function filterQuery(filter: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if (Array.isArray(v)) for (const x of v) parts.push(`filter[${k}][]=${encodeURIComponent(String(x))}`);
    else if (v && typeof v === 'object')
      for (const [r, x] of Object.entries(v)) parts.push(`filter[${k}][${r}]=${encodeURIComponent(String(x))}`);
    else parts.push(`filter[${k}]=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

/** A new user signed in as a member (not an admin) of the workspace's settings group. */
export async function memberOf(env: TestEnv, ws: Ws) {
  const m = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ws.settingsGroup, user_id: m.user.id, role: 'user' });
  return m;
}
