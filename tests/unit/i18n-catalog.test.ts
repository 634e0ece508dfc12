/**
 * The message catalog (decision 022): every English message has its Urdu
 * text, no Urdu message is left over from a removed key, and both use the same
 * placeholders, so no Urdu page shows English or a "{name}" nobody filled in.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installErrorTable, localizeError } from "../../src/i18n/errors.ts";
import { translateError } from "../../src/i18n/error-table.ts";

installErrorTable(translateError);

const root = path.resolve(import.meta.dirname, "../..");
const settings = JSON.parse(
  fs.readFileSync(path.join(root, "project.inlang/settings.json"), "utf8"),
) as { locales: string[]; "plugin.inlang.messageFormat": { pathPattern: string[] } };

type Catalog = Record<string, string>;
const read = (pattern: string, locale: string): Catalog => {
  const file = path.join(root, "project.inlang", "..", pattern.replace("{locale}", locale));
  const { $schema: _schema, ...messages } = JSON.parse(fs.readFileSync(file, "utf8")) as Catalog;
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const areas = settings["plugin.inlang.messageFormat"].pathPattern;

describe("message catalog", () => {
  it("lists both languages", () => {
    expect(settings.locales).toEqual(["en", "ur"]);
  });

  for (const pattern of areas) {
    const en = read(pattern, "en");
    const ur = read(pattern, "ur");
    describe(pattern, () => {
      it("has an Urdu text for every English key, and no other", () => {
        const missing = Object.keys(en).filter((k) => !ur[k]?.trim());
        const extra = Object.keys(ur).filter((k) => !(k in en));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });
      it("uses the same placeholders in both languages", () => {
        const differ = Object.keys(en).filter(
          (k) => ur[k] !== undefined && placeholders(en[k]!).join() !== placeholders(ur[k]).join(),
        );
        expect(differ).toEqual([]);
      });
      it("names keys after their area, so two areas never define one key", () => {
        const area = path.basename(path.dirname(pattern));
        expect(Object.keys(en).filter((k) => !k.startsWith(`${area}_`))).toEqual([]);
      });
    });
  }
});

describe("localizeError", () => {
  it("translates a known message once the table is installed", () => {
    expect(localizeError("Invalid email or password", "ur")).not.toBe("Invalid email or password");
  });

  it("leaves English and unknown messages as they are", () => {
    expect(localizeError("Something nobody wrote down", "ur")).toBe("Something nobody wrote down");
    expect(localizeError("Not found", "en")).toBe("Not found");
  });
});
