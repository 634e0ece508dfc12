import { describe, expect, it } from "vitest";
import { leadsToSetup, markSetupSkipped, setupSkipped } from "./skip.ts";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("leading a provider without a profile to setup", () => {
  it.each([
    ["provider", false, false, true],
    ["provider", true, false, false],
    ["provider", false, true, false],
    // A customer's dashboard explains how to become a provider; an admin may look around.
    ["customer", false, false, false],
    ["admin", false, false, false],
  ] as const)("role %s, has provider %s, skipped %s → %s", (role, has, skipped, expected) => {
    expect(leadsToSetup(role, has, skipped)).toBe(expected);
  });

  it("remembers 'Skip for Now' for the tab", () => {
    const storage = memoryStorage();
    expect(setupSkipped(storage)).toBe(false);
    markSetupSkipped(storage);
    expect(setupSkipped(storage)).toBe(true);
  });

  it("treats storage that refuses as not skipped, without throwing", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => markSetupSkipped(broken)).not.toThrow();
    expect(setupSkipped(broken)).toBe(false);
  });
});
