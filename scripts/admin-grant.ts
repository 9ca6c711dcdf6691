/** `npm run admin:grant -- <email>`: makes an existing account an admin. */

import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { loadEnv } from '../src/server/env';
import { grantAdmin } from '../src/server/modules/accounts/service';

const email = process.argv[2];
if (!email?.includes('@')) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabaseFromEnv(env);
try {
  await migrateDatabase(database);
  if (await grantAdmin(database.db, email)) {
    console.log(`${email} is now an admin. They see the Admin link after their next page load.`);
  } else {
    console.error(`No account with the email ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
