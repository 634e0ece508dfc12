import { describe, expect, it } from "vitest";
import {
  chosenLocale,
  homeRedirect,
  languageCookie,
  otherLocale,
  withCurrentTail,
} from "./language-switch.ts";

const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

describe("the language switch", () => {
  it("takes the reader's query and hash along to the other language's page", () => {
    expect(withCurrentTail("/ur/pk/lahore", at("/pk/lahore", "?page=2", "#categories"))).toBe(
      "/ur/pk/lahore?page=2#categories",
    );
    expect(withCurrentTail("/pk/lahore", at("/ur/pk/lahore", "?page=2"))).toBe("/pk/lahore?page=2");
    expect(withCurrentTail("/ur", at("/", "?q=steel"))).toBe("/ur?q=steel");
    // A second click replaces the tail rather than adding another.
    expect(withCurrentTail("/?q=old#x", at("/ur", "", "#how-it-works"))).toBe("/#how-it-works");
    expect(otherLocale("en")).toBe("ur");
    expect(otherLocale("ur")).toBe("en");
  });

  it("remembers the choice for a year in a first-party cookie", () => {
    expect(languageCookie("ur", false)).toBe(
      "karkhana_lang=ur; path=/; max-age=31536000; samesite=lax",
    );
    expect(languageCookie("en", true)).toBe(
      "karkhana_lang=en; path=/; max-age=31536000; samesite=lax; secure",
    );
    expect(chosenLocale("a=1; karkhana_lang=ur; b=2")).toBe("ur");
    expect(chosenLocale("karkhana_lang=en")).toBe("en");
    expect(chosenLocale("karkhana_lang=fr; x_karkhana_lang=ur")).toBeNull();
    expect(chosenLocale("")).toBeNull();
  });

  it("sends only the English home page on to /ur, and only for a reader who chose Urdu", () => {
    const ur = "karkhana_lang=ur";
    expect(homeRedirect(at("/", "?q=steel", "#search"), ur)).toBe("/ur?q=steel#search");
    expect(homeRedirect(at("/"), ur)).toBe("/ur");
    expect(homeRedirect(at("/"), "karkhana_lang=en")).toBeNull();
    expect(homeRedirect(at("/"), "")).toBeNull();
    // Deep links are never redirected.
    expect(homeRedirect(at("/pk/lahore"), ur)).toBeNull();
    expect(homeRedirect(at("/ur"), ur)).toBeNull();
  });
});
