/** A database of a test's own on a PostgreSQL server (others' processes or rows must not meet it). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `<prefix>_<random>` on the server at `serverUrl`; answers its name and its URL. */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
