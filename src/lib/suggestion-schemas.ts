import { z } from "zod";
import { websiteSchema } from "./provider-schemas.ts";

/**
 * "Suggest a Service Provider": one schema the
 * dialog checks before sending and the API checks on arrival.
 */

/** The hidden field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "company_website_confirm";

export const MAX_SUGGESTION_CATEGORIES = 20;

/** Trims strings; empty means "not given". */
const blank = (v: unknown) => {
  if (typeof v !== "string") return v;
  const t = v.trim();
  return t === "" ? undefined : t;
};

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, { error: `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const categoryIdSchema = z
  .uuid({ error: "Category must be a UUID" })
  .transform((s) => s.toLowerCase());

export const suggestionSchema = z
  .object({
    name: text("Name", 2, 100),
    city: text("City", 2, 100),
    categoryId: z.preprocess(blank, categoryIdSchema.optional()),
    categoryIds: z
      .array(categoryIdSchema)
      .max(MAX_SUGGESTION_CATEGORIES, {
        error: `Choose at most ${MAX_SUGGESTION_CATEGORIES} categories`,
      })
      .optional(),
    contact: text("Contact", 3, 500),
    email: z.preprocess(
      blank,
      z
        .email({ error: "Email must be a valid email address" })
        .max(254, { error: "Email must be at most 254 characters" })
        .transform((e) => e.toLowerCase())
        .optional(),
    ),
    website: websiteSchema,
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .transform((v, ctx) => {
    const categoryIds = [
      ...new Set([...(v.categoryIds ?? []), ...(v.categoryId ? [v.categoryId] : [])]),
    ];
    if (categoryIds.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["categoryIds"],
        message: "At least one category is required",
      });
      return z.NEVER;
    }
    if (categoryIds.length > MAX_SUGGESTION_CATEGORIES) {
      ctx.addIssue({
        code: "custom",
        path: ["categoryIds"],
        message: `Choose at most ${MAX_SUGGESTION_CATEGORIES} categories`,
      });
      return z.NEVER;
    }
    return {
      name: v.name,
      city: v.city,
      categoryIds,
      contact: v.contact,
      email: v.email ?? null,
      website: v.website ?? null,
      /** True when the honeypot was filled: answer as usual, store nothing. */
      isBot: (v[HONEYPOT_FIELD] ?? "").trim() !== "",
    };
  });

export type SuggestionInput = z.input<typeof suggestionSchema>;
export type Suggestion = z.output<typeof suggestionSchema>;

/** POST /api/suggestions/providers answers this (201). */
export interface SuggestionCreated {
  id: string;
  status: "pending";
}
