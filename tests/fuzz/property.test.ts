import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  FUZZ_SEED,
  Harness,
  loadDocument,
  describeRequest,
  figures,
  printFigures,
} from "./lib/harness.ts";
import { requestArb } from "./lib/requests.ts";
import { makeWorld, type Role } from "./lib/world.ts";

/**
 * Requests generated from the app's OpenAPI document, for every operation and
 * every kind of caller (the second provider tries the first one's objects):
 * every answer must be a status the operation documents, with a body its schema
 * accepts, never a 5xx; a refused request changes no row; a customer's or
 * provider's successful write changes nobody else's rows.
 */

/** Runs per operation and caller: sized so `npm run test:fuzz` stays under two minutes on two cores. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
/**
 * Operations whose valid requests hash a password (scrypt, tens of ms each on
 * these cores) get fewer runs; their invalid ones are cheap and covered by the
 * transport fuzz too.
 */
const SLOW = /\/(signup|signin|change-password|reset-password)$/;
const runsFor = (path: string) => (SLOW.test(path) ? Math.max(1, Math.ceil(RUNS / 2)) : RUNS);
/** Admin last: its deletes and role changes would leave the others fewer real targets. */
const ORDER: Role[] = ["anonymous", "customer", "provider2", "provider", "admin"];

/** A stable number per string, so each operation and caller has its own seed. */
function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const started = Date.now();
afterAll(() => {
  if (figures.requests) printFigures("property", Date.now() - started);
});

describe("requests generated from the OpenAPI document", () => {
  it(
    "get documented answers, and change only what the caller may change",
    async () => {
      const doc = await loadDocument();
      const harness = new Harness(doc);
      const failures: string[] = [];
      for (const op of harness.ops) {
        const t0 = performance.now();
        const world = await makeWorld();
        const t1 = performance.now();
        try {
          for (const role of ORDER) {
            try {
              await fc.assert(
                fc.asyncProperty(requestArb(doc, op, role, world), async (req) => {
                  // A minute per request: per-account throttles (120 writes an hour) refill.
                  world.t.clockOffset.ms += 60_000;
                  try {
                    await harness.send(world, op, req);
                  } catch (err) {
                    if (err instanceof Error && !err.message.includes("request [seed")) {
                      err.message += `\n  request ${describeRequest(req)}`;
                    }
                    throw err;
                  }
                }),
                {
                  seed: FUZZ_SEED + hashOf(`${op.key} ${role}`),
                  numRuns: runsFor(op.path),
                  endOnFailure: true,
                },
              );
            } catch (err) {
              // fast-check's report says which seed and run; the cause says what was wrong and with what.
              const e = err as Error & { cause?: unknown };
              const cause = e.cause instanceof Error ? e.cause.message : "";
              failures.push(`${cause || e.message}\n  (${e.message.split("\n")[1] ?? ""})`);
            }
          }
        } finally {
          await world.close();
          if (process.env.FUZZ_PROFILE)
            console.log(
              `${op.key}: world ${(t1 - t0).toFixed(0)} ms, runs ${(performance.now() - t1).toFixed(0)} ms`,
            );
        }
      }
      expect(failures).toEqual([]);
      // More runs (FUZZ_RUNS) take proportionally longer than the default budget.
    },
    Math.max(110_000, RUNS * 22_000),
  );
});
