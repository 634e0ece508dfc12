/** Shapes the API answers with; islands and pages share them. */

export interface Category {
  id: string;
  name: string;
  /** Reviewed Urdu name (decision 022); null: Urdu pages show the English one (categoryName()). */
  nameUr: string | null;
  slug: string;
  description: string;
  /** "" when none: Urdu pages show the English description (categoryDescription()). */
  descriptionUr: string;
  icon: string;
}

export interface ServicePublic {
  id: string;
  providerId: string;
  categoryId: string;
  name: string;
  description: string;
  /** Whole rupees; null: not priced ('Price on request'); 0: free (decision 023). */
  pricePkr: number | null;
  isActive: boolean;
  category: { id: string; name: string; nameUr: string | null; slug: string };
}

/** The public columns are listed once, in the query that selects them. */
export type { ProviderPublic } from "../../db/queries/providers.ts";

export interface ProviderContact {
  email: string | null;
  /** E.164 for Pakistani numbers ('+923001234567'), else as typed (decision 020). */
  phone: string | null;
  /** The provider says the phone takes WhatsApp ('Chat on WhatsApp' for a mobile). */
  phoneOnWhatsapp: boolean;
  website: string | null;
}

export interface GalleryImage {
  id: string;
  providerId: string;
  imageUrl: string;
  createdAt: string;
}
