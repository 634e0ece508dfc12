/**
 * Password hashes as `users.password_hash` stores them. Server-only (node:crypto):
 * no page, component or island imports it (tests/unit/import-structure.test.ts).
 *
 * Here rather than in functions/auth because the seed and the test factories
 * (db/seed) hash passwords exactly as sign-up does, and the data layer must not
 * depend on the HTTP layer. src/lib is the one folder every layer may import;
 * db/ would do too, but hashing is sign-in policy, not a query. Handing the seed
 * ready-made hashes instead would put a hasher in every caller of `createUser`.
 * The sign-in policy around it (common passwords, the timing dummy) stays in
 * functions/auth/password.ts.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt through node:crypto (works in Node and in Workers with nodejs_compat).
 * N=2^14, r=8, p=5 is one of OWASP's equivalent scrypt settings (16 MiB per hash)
 * and fits a Worker's CPU budget better than N=2^17, p=1.
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions) {
  return new Promise<Buffer>((ok, fail) =>
    scryptCb(
      password.normalize("NFKC"),
      salt,
      keylen,
      { ...opts, maxmem: 64 * 1024 * 1024 },
      (e, k) => (e ? fail(e) : ok(k)),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64), so parameters can change without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
