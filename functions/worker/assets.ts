import type { AssetStore } from "../ports/types.ts";

/** The slice of the Workers static assets binding (`env.ASSETS`) the app uses. */
export interface AssetsBinding {
  fetch(input: Request | string): Promise<Response>;
}

/**
 * The AssetStore port over Workers static assets. The assets are configured
 * with `html_handling = "drop-trailing-slash"`, so `/404.html` and
 * `/_live/provider/index.html` are asked for by their pretty paths.
 */
export function workerAssets(
  binding: AssetsBinding,
  origin = "https://assets.invalid",
): AssetStore {
  return {
    async fetch(path) {
      const pretty = path.replace(/\/index\.html$/, "").replace(/\.html$/, "") || "/";
      const res = await binding.fetch(new Request(new URL(pretty, origin)));
      if (!res.ok) {
        await res.body?.cancel();
        return null;
      }
      return res;
    },
  };
}
