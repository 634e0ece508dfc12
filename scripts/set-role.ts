/**
 * `npm run set-role -- <email> <customer|provider|admin>` — changes a user's
 * role; this is how the first admin is made. DATA_DIR or DATABASE_URL picks the
 * database.
 */
import { eq } from "drizzle-orm";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { ROLES, users } from "../db/schema.ts";
import { consoleEventLogger } from "../functions/lib/events.ts";
import { emailSchema } from "../src/lib/auth-schemas.ts";

const [rawEmail, role] = process.argv.slice(2);
const email = emailSchema.safeParse(rawEmail ?? "");
if (!email.success || !ROLES.includes(role as (typeof ROLES)[number])) {
  console.error("usage: npm run set-role -- <email> <customer|provider|admin>");
  process.exit(2);
}
const db = await openDb(dbConfigFromEnv(process.env));
await migrateDb(db);
const to = role as (typeof ROLES)[number];
const [before] = await db
  .select({ id: users.id, role: users.role })
  .from(users)
  .where(eq(users.email, email.data));
if (before) {
  await db.update(users).set({ role: to, updatedAt: new Date() }).where(eq(users.id, before.id));
}
db.$client.close();
if (!before) {
  console.error(`no user with email ${email.data}`);
  process.exit(1);
}
// The same security event an admin's change logs, so role changes are in one format.
if (before.role !== to) {
  consoleEventLogger({
    event: "role.changed",
    userId: before.id,
    by: "set-role",
    from: before.role,
    to,
  });
}
console.log(`${email.data} is now ${role}`);
