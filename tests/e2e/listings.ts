import type { APIRequestContext, Browser } from "@playwright/test";
import { createProvider } from "../../db/seed/factories.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { e2eDatabase, signInViaDb, type TestAccount } from "./auth-helpers.ts";
import { expect } from "./fixtures.ts";

export interface ListingInput {
  /** The listing's owner, or null: nobody's, 'Suggested' as approval and admin-add make them. */
  owner: TestAccount | null;
  companyName: string;
  city: string;
  address: string;
  description: string;
  phone?: string;
  email?: string | null;
  /** One service in the directory's first category. */
  service: { name: string; pricePkr: number | null };
}

/**
 * A listing made straight in the e2e server's database; answers its public view. Its
 * page is rendered on demand, as a new listing's is until the next build.
 */
export async function createListing(
  request: APIRequestContext,
  input: ListingInput,
): Promise<ProviderPublic> {
  const [category] = (await (await request.get("/api/service-categories")).json()) as {
    id: string;
  }[];
  const { owner, service, ...fields } = input;
  const id = await createProvider(await e2eDatabase(), {
    ...fields,
    userId: owner?.id ?? null,
    isSuggested: owner === null,
    services: [{ categoryId: category!.id, ...service }],
  });
  const res = await request.get(`/api/providers/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ProviderPublic;
}

/**
 * A signed-in page in a browser context of its own, from its own address (the
 * per-IP caps are sized for one person), collecting its console errors.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  account: TestAccount,
  ip: string,
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  await signInViaDb(context, baseURL, account);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, context, errors };
}
