import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash.ts";

describe("password hashes", () => {
  it("verifies the password it was made from, and only that one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse batterY")).toBe(false);
  });

  it("stores scrypt$N$r$p$salt$hash with a fresh salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
  });

  it("treats NFKC-equal passwords as the same", async () => {
    // 'ﬁ' (U+FB01) is 'fi' after NFKC.
    expect(await verifyPassword(await hashPassword("ﬁsh-market-9"), "fish-market-9")).toBe(true);
  });

  it.each(["", "bcrypt$x$y", "scrypt$16384$8$5$$", "plain text"])(
    "refuses a stored value that is not a scrypt hash: %j",
    async (stored) => {
      expect(await verifyPassword(stored, "anything")).toBe(false);
    },
  );
});
