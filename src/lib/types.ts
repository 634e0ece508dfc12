/** Shapes the API answers with; islands and pages share them. */

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string;
}

export interface ServicePublic {
  id: string;
  providerId: string;
  categoryId: string;
  name: string;
  description: string;
  pricePkr: number;
  isActive: boolean;
  category: { id: string; name: string; slug: string };
}

/**
 * A provider as anyone may see it. Contact fields (email, phone, website) are
 * absent here on purpose: they are only sent to signed-in users.
 */
export interface ProviderPublic {
  id: string;
  companyName: string;
  slug: string;
  description: string;
  location: string;
  /** Known city parsed from location, or null. */
  city: string | null;
  coverImageUrl: string | null;
  logoUrl: string | null;
  responseTime: string | null;
  pricePkr: number | null;
  isVerified: boolean;
  isActive: boolean;
  isSuggested: boolean;
  services: ServicePublic[];
  /** Canonical page path: /pk/{city}/{category}/{slug}-{id}. */
  path: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderContact {
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface GalleryImage {
  id: string;
  providerId: string;
  imageUrl: string;
  createdAt: string;
}

/** Pagination facts the list endpoint reports in headers. */
export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}
