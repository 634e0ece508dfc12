/**
 * `npm run set-role -- <email> <customer|provider|admin>` — changes a user's
 * role; this is how the first admin is made. DATA_DIR or DATABASE_URL picks the
 * database.
 */
import { eq } from "drizzle-orm";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { ROLES, users } from "../db/schema.ts";
import { emailSchema } from "../src/lib/auth-schemas.ts";

const [rawEmail, role] = process.argv.slice(2);
const email = emailSchema.safeParse(rawEmail ?? "");
if (!email.success || !ROLES.includes(role as (typeof ROLES)[number])) {
  console.error("usage: npm run set-role -- <email> <customer|provider|admin>");
  process.exit(2);
}
const db = await openDb(dbConfigFromEnv(process.env));
await migrateDb(db);
const updated = await db
  .update(users)
  .set({ role: role as (typeof ROLES)[number], updatedAt: new Date() })
  .where(eq(users.email, email.data))
  .returning({ id: users.id });
db.$client.close();
if (updated.length === 0) {
  console.error(`no user with email ${email.data}`);
  process.exit(1);
}
console.log(`${email.data} is now ${role}`);
