import { FavoriteButton } from "./FavoriteButton.tsx";

/**
 * The heart as its own island, for pages whose rows are pre-rendered without
 * JavaScript (listing pages, the provider page): Astro passes it into the
 * static row through a named slot and hydrates just this button.
 */
export function FavoriteToggle({ providerId }: { providerId: string }) {
  return <FavoriteButton providerId={providerId} />;
}
