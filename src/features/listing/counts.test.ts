import { afterEach, describe, expect, it } from "vitest";
import { setServerLocaleSource } from "../../i18n/index.ts";
import { providerCount, showingOf } from "./counts.ts";

describe("provider counts", () => {
  afterEach(() => setServerLocaleSource(() => undefined));

  it("say the spec's English, one and many", () => {
    expect(providerCount(1)).toBe("1 provider");
    expect(providerCount(1250)).toBe("1,250 providers");
    expect(showingOf(24, 1250)).toBe("Showing 24 of 1,250 providers");
  });

  it("say it in Urdu on an Urdu page, with Western digits", () => {
    setServerLocaleSource(() => "ur");
    expect(providerCount(1)).toBe("1 سروس فراہم کنندہ");
    expect(providerCount(1250)).toBe("1,250 سروس فراہم کنندگان");
    expect(showingOf(24, 1250)).toBe("1,250 میں سے 24 دکھائے جا رہے ہیں");
  });
});
