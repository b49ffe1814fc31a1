// `npm run demo:reset`: recreates the demo workspace and its admin, and prints the new login.
// With the embedded database, stop the server first (one process per data folder).
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDemo } from './seed-demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const login = await seedDemo({ config, db: database.db });
  process.stdout.write(`Demo recreated. E-mail: ${login.email}  Password: ${login.password}\n`);
} finally {
  await database.close();
}
