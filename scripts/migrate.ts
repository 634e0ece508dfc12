/**
 * `npm run db:migrate` — applies the committed migrations to the database in
 * DATABASE_URL (+ DATABASE_AUTH_TOKEN): Turso in production. Without
 * DATABASE_URL it migrates the local file in DATA_DIR, like `npm start` does.
 * Never seeds: production data is real.
 */
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";

const config = dbConfigFromEnv(process.env);
const db = await openDb(config);
await migrateDb(db);
console.log(`migrated ${config.url.replace(/\/\/[^@/]*@/, "//")}`);
db.$client.close();
