/**
 * `npm run db:migrate` — applies the committed migrations to the database in
 * DATABASE_URL (+ DATABASE_AUTH_TOKEN): Turso in production. Without
 * DATABASE_URL it migrates the local file in DATA_DIR, like `npm start` does.
 * On a database without any service category it adds the 42 standard ones
 * (reference data the directory needs); it never adds demo providers or
 * accounts, and never brings back a category an admin deleted.
 */
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { seedCategoriesIfNone } from "../db/seed/index.ts";

const config = dbConfigFromEnv(process.env);
const db = await openDb(config);
await migrateDb(db);
if (await seedCategoriesIfNone(db)) console.log("added the standard service categories");
console.log(`migrated ${config.url}`);
db.$client.close();
