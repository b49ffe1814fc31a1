// A model's settings in a settings group (docs/domain/fields.md, "Model settings"):
// `GET|PATCH /settings-groups/{uuid}/model-settings/{model}`: GET for the group's members, PATCH for its admins. The body's schema is the
// model's own (derived from its `settings` block), so it is checked here once the caller may change it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingsPatchSchema } from '../../src/entities/model-settings';
import { zodRowErrors, sendRowErrors } from '../crud/row-errors';
import { requireUser } from '../plugins/auth';
import * as settings from '../services/model-settings.service';
import { ok } from './schemas';

const params = z.object({ uuid: z.uuid(), model: z.string().max(100) });
const reply = ok(z.object({ data: z.record(z.string(), z.unknown()) }));

export async function modelSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings-groups'];

  r.get('/settings-groups/:uuid/model-settings/:model', { schema: { tags, params, response: reply } }, async (req) => ({
    data: await settings.getModelSettings(ctx, requireUser(req), req.params.uuid, req.params.model),
  }));

  r.patch(
    '/settings-groups/:uuid/model-settings/:model',
    { schema: { tags, params, body: z.record(z.string(), z.unknown()), response: reply } },
    async (req, res) => {
      const user = requireUser(req);
      const model = await settings.adminOf(ctx, user, req.params.uuid, req.params.model);
      const parsed = settingsPatchSchema(model).safeParse(req.body);
      if (!parsed.success)
        return sendRowErrors(res, req.locale, zodRowErrors(parsed.error.issues, req.locale, '', model));
      return { data: await settings.patchModelSettings(ctx, user, req.params.uuid, model, parsed.data, req.ip) };
    },
  );
}
