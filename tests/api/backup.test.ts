// Backup and restore: a dump of a seeded workspace restores into an empty database with every row, and the
// restored data works (sign-in, lists, search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { dumpAll, restoreAll } from '../../server/db/backup';
import { seedDemo } from '../../server/db/seed-demo';

let source: TestEnv;
let target: TestEnv;
beforeAll(async () => {
  source = await createTestEnv();
  target = await createTestEnv();
});
afterAll(async () => {
  await source.close();
  await target.close();
});

describe('backup and restore', () => {
  it('round-trips every table, trees included', async () => {
    process.env.DEMO_PASSWORD = 'demo-restore-pass';
    await seedDemo(source.app.ctx);
    const dump = JSON.parse(JSON.stringify(await dumpAll(source.database.db))) as { tables: Record<string, unknown[]> };
    expect(dump.tables.facilities!.length).toBeGreaterThan(1500);
    expect(dump.tables.contracts!.length).toBeGreaterThan(30);
    expect(dump.tables.contract_facilities!.length).toBeGreaterThan(0);
    expect(dump.tables.guarantees!.length).toBe(300);
    expect(dump.tables.reminders_sent!.length).toBeGreaterThan(0);
    await restoreAll(target.database.db, dump as never);
    const again = JSON.parse(JSON.stringify(await dumpAll(target.database.db))) as {
      tables: Record<string, unknown[]>;
    };
    for (const [table, rows] of Object.entries(dump.tables))
      expect(again.tables[table]!.length, table).toBe(rows.length);

    const client = new Client(target.app);
    expect((await client.login('admin@demo.hauswerk.ch', 'demo-restore-pass')).statusCode).toBe(200);
    const list = json<{ data: { name: string }[]; meta: { total: number } }>(
      await client.get('/facilities?search=pumpe&per_page=5'),
    );
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data[0]!.name.toLowerCase()).toContain('pumpe');
  });
});
