/** The server bundle's entry (see astro-adapter.ts): Astro's App, nothing else. */
import { createApp } from "astro/app/entrypoint";

export const app = createApp();
