import { describe, expect, it } from "vitest";
import { serverFieldErrors } from "./server-errors.ts";

const FIELDS = { website: "website", email: "email", location: "address" } as const;

describe("serverFieldErrors", () => {
  it.each<[string | null, Record<string, string>]>([
    [
      "website: Website must be a web address (https://…)",
      { website: "Website must be a web address (https://…)" },
    ],
    [
      "email: Email must be a valid email address; location: Location must be at most 300 characters",
      {
        email: "Email must be a valid email address",
        address: "Location must be at most 300 characters",
      },
    ],
    // Fields the form does not have, and sentences without a field, are left out.
    ["userId: Invalid input; Something else went wrong", {}],
    ["constructor: x; __proto__: y", {}],
    ["Invalid request: the body must be JSON", {}],
    [null, {}],
  ])("%j", (message, expected) => {
    expect(serverFieldErrors(message, FIELDS)).toEqual(expected);
  });

  it("keeps the first message of a field", () => {
    expect(serverFieldErrors("website: first; website: second", FIELDS)).toEqual({
      website: "first",
    });
  });
});
