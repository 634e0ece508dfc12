declare namespace App {
  interface Locals {
    /** Set only when the server renders a page on demand (src/lib/on-demand-page.ts). */
    page?: import("./lib/on-demand-page.ts").OnDemandPage;
  }
}
