/**
 * The yardstick of `npm run bench`: a bare Hono hello-world on the
 * same Node server adapter as functions/node.ts, loaded with the same
 * autocannon settings in the same run, so the search API's requests per
 * second can be read as a share of what this machine serves at all.
 *
 *   PORT=4492 node scripts/bench-hello.ts
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("*", (c) => c.text("Hello, World!"));

serve(
  {
    fetch: app.fetch,
    port: Number(process.env.PORT ?? 4492),
    hostname: process.env.HOST ?? "127.0.0.1",
  },
  (info) => console.log(`[bench-hello] serving http://${info.address}:${info.port}`),
);
