/** The build's server bundle, aliased for wrangler (functions/worker-main.ts). */
declare module "karkhana:pages" {
  export const app: import("../pages/renderer.ts").AstroPagesApp;
}
