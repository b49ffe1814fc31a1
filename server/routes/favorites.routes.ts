// `GET /favorites/menu`: the caller's favorites that the caller still sees, with their titles (docs/domain/
// preferences.md, "Favorites"); the favorites themselves are a model of the records engine (`/favorites`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../crud/access';
import { favoritesMenu } from '../services/favorites.service';
import { ok } from './schemas';

const item = z.object({
  uuid: z.string(),
  model: z.string().nullable(),
  record_uuid: z.string().nullable(),
  grid_view_uuid: z.string().nullable(),
  table_name: z.string().nullable(),
  title: z.string(),
  settings_group_uuid: z.string(),
});

export async function favoritesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/favorites/menu',
    { schema: { tags: ['favorites'], response: ok(z.object({ data: z.array(item) })) } },
    async (req) => ({
      data: await favoritesMenu(ctx, await accessOf(ctx, req)),
    }),
  );
}
