// The workspace's settings (docs/domain/fields.md, "Workspace settings"): `GET /settings-groups/{uuid}/settings`
// for its members, `PATCH` (the sections and keys it changes) for its admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspacePatchSchema } from '../../src/entities/workspace-settings';
import { sendRowErrors, zodRowErrors } from '../crud/row-errors';
import { requireUser } from '../plugins/auth';
import * as workspace from '../services/workspace-settings.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const reply = ok(z.object({ data: z.record(z.string(), z.record(z.string(), z.unknown())) }));

export async function workspaceSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings-groups'];

  r.get('/settings-groups/:uuid/settings', { schema: { tags, params, response: reply } }, async (req) => ({
    data: await workspace.getWorkspaceSettings(ctx, requireUser(req), req.params.uuid),
  }));

  r.patch(
    '/settings-groups/:uuid/settings',
    { schema: { tags, params, body: z.record(z.string(), z.unknown()), response: reply } },
    async (req, res) => {
      const user = requireUser(req);
      await workspace.assertWorkspaceAdmin(ctx, user, req.params.uuid);
      const parsed = workspacePatchSchema.safeParse(req.body);
      if (!parsed.success) return sendRowErrors(res, req.locale, zodRowErrors(parsed.error.issues, req.locale, ''));
      return {
        data: await workspace.patchWorkspaceSettings(ctx, user, req.params.uuid, parsed.data, req.ip),
      };
    },
  );
}
