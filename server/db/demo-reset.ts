// `npm run demo:reset`: recreates the demo workspace and its admin, and prints the new login.
// With the embedded database, stop the server first (one process per data folder).
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDemo } from './seed-demo';
import { Keyring } from '../services/crypto';
import { resolveAppKey } from '../services/app-key';
import { createMailer } from '../mail/mailer';
import pino from 'pino';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const keyring = new Keyring(await resolveAppKey(database.db, config.appKey));
  const mailer = createMailer({ from: config.mailFrom, db: database.db, log: pino({ level: 'warn' }) });
  const login = await seedDemo({ config, database, db: database.db, keyring, mailer });
  process.stdout.write(`Demo recreated. E-mail: ${login.email}  Password: ${login.password}\n`);
} finally {
  await database.close();
}
