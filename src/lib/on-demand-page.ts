import type {
  CategoryPageData,
  ClosedPageData,
  CountryPageData,
  ListingPageData,
  ProviderPageData,
} from "../../db/queries/page-data.ts";
import type { AuthPanelFacts, AuthScreenPage, ForgotPasswordState } from "./form-states.ts";

/**
 * A page the server renders on demand, with its data loaded and its URL
 * checked by the Hono app (functions/routes/pages.ts); src/pages/pk/[...path].astro
 * receives it as `Astro.locals.page`.
 */
export type OnDemandPage =
  | { kind: "country"; data: CountryPageData }
  | { kind: "city"; data: ListingPageData }
  | { kind: "category"; data: CategoryPageData }
  | { kind: "provider"; data: ProviderPageData }
  /** A business that closed for good: answered with 410 (decision 025). */
  | { kind: "closed"; data: ClosedPageData }
  /** An auth screen after its form's POST (functions/routes/forms.ts, decision 027). */
  | { kind: "auth"; data: AuthScreenPage & { panel: AuthPanelFacts | null } }
  /** /forgot-password after its form's POST. */
  | { kind: "forgot-password"; data: ForgotPasswordState };
