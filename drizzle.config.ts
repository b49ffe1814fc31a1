import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from server/db/schema.ts; migrations are committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/entity-tables.ts',
    './server/db/planning-schema.ts',
    './server/db/contract-schema.ts',
    './server/db/document-schema.ts',
    './server/db/permission-schema.ts',
    './server/db/budget-schema.ts',
    './server/db/storage-schema.ts',
    './server/db/webhook-schema.ts',
    './server/db/scheduled-export-schema.ts',
    './server/db/public-page-schema.ts',
  ],
  out: './server/db/migrations',
});
