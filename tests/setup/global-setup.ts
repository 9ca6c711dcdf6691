import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { TEMPLATE_DB } from './test-database';

/** With TEST_DATABASE_URL, migrates one template database that every test file copies. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), max: 1 });
  await migrateDatabase(database);
  await database.close();
}
