/**
 * Password policy around the hash: the hash itself (scrypt and its stored
 * format) is src/lib/password-hash.ts, shared with the seed.
 */
import { hashPassword } from "../../src/lib/password-hash.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/** A hash of nothing in particular, so a sign-in for an unknown email costs the same time. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("karkhana-timing-equaliser");
  return dummyHash;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
