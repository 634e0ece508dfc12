import { makeTestApp, SITE } from "../../helpers/app.ts";
import {
  documentedResponse,
  operationsOf,
  ResponseValidator,
  responseSchemaPointer,
  type OpenApiDoc,
  type Operation,
} from "./openapi.ts";
import { diff, foreignRows, snapshot, type Snapshot } from "./snapshot.ts";
import type { Role, World } from "./world.ts";

/** The run's seed: fixed, so a failure replays; `FUZZ_SEED=n` explores another corner. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261125);
if (!Number.isSafeInteger(FUZZ_SEED)) throw new Error("FUZZ_SEED must be an integer");

export interface FuzzRequest {
  role: Role;
  method: string;
  /** Path and query, already encoded (or deliberately mis-encoded). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
}

/** One line a person can turn back into the request. */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ""
      : r.body instanceof FormData
        ? ` body=multipart(${[...r.body.keys()].join(",")})`
        : typeof r.body === "string"
          ? ` body=${JSON.stringify(r.body.length > 400 ? `${r.body.slice(0, 400)}…(${r.body.length} chars)` : r.body)}`
          : ` body=bytes(${r.body.length})`;
  const headers = Object.entries(r.headers)
    .filter(([k]) => k !== "x-test-ip")
    .map(([k, v]) => `${k}: ${v.slice(0, 80)}`)
    .join(", ");
  return `[seed ${FUZZ_SEED}] as ${r.role}: ${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}…` : r.url} {${headers}}${body}`;
}

/** Roles of the document's `x-roles`: the second provider is a provider too. */
export const docRole = (role: Role): string => (role === "provider2" ? "provider" : role);

let ipCounter = 0;
/** A fresh client address per request, so per-IP throttles do not end the run early. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function baseHeaders(withOrigin = true): Record<string, string> {
  return { ...(withOrigin ? { Origin: SITE } : {}), "x-test-ip": freshIp() };
}

/** Figures for the report. */
export const figures = {
  requests: 0,
  statuses: new Map<number, number>(),
  perOperation: new Map<string, number>(),
};

export function printFigures(label: string, ms: number): void {
  const statuses = Object.fromEntries([...figures.statuses].sort(([a], [b]) => a - b));
  const counts = [...figures.perOperation.values()];
  console.log(
    `[fuzz ${label}] seed ${FUZZ_SEED}: ${figures.requests} requests over ${figures.perOperation.size} operations ` +
      `(${Math.min(...counts)}–${Math.max(...counts)} each) in ${(ms / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`,
  );
}

/** The error body every /api failure uses, from the document's components when it has one. */
function errorSchemaPointer(doc: OpenApiDoc): string | null {
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) {
    if (typeof s !== "object") continue;
    const error = s.properties?.error;
    if (typeof error === "object" && error.type === "string" && s.required?.includes("error")) {
      return `#/components/schemas/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    }
  }
  return null;
}

export class Harness {
  readonly ops: Operation[];
  private readonly validator: ResponseValidator;
  private readonly errorPointer: string | null;
  private last: { world: World; sessions: number; snap: Snapshot } | null = null;

  readonly doc: OpenApiDoc;

  constructor(doc: OpenApiDoc) {
    this.doc = doc;
    this.ops = operationsOf(doc);
    this.validator = new ResponseValidator(doc);
    this.errorPointer = errorSchemaPointer(doc);
  }

  /**
   * Sends `req` to the world's app and checks the answer: no 5xx, a status
   * `op` documents with a body its schema accepts (a request that no longer
   * names `op`, because its path was broken, gets the plain error body), no
   * row changed when refused, and for a non-admin's successful write to an
   * operation behind a session, nobody else's rows changed. Throws with the
   * request and what was wrong.
   */
  async send(world: World, op: Operation | null, req: FuzzRequest): Promise<Response> {
    const cookie = await world.cookie(req.role);
    const before = await this.before(world);
    const res = await world.t.app.request(req.url, {
      method: req.method,
      headers: { ...req.headers, ...(cookie ? { Cookie: cookie } : {}) },
      ...(req.body === undefined ? {} : { body: req.body }),
    });
    const text = await res.text();
    figures.requests++;
    figures.statuses.set(res.status, (figures.statuses.get(res.status) ?? 0) + 1);
    if (op) figures.perOperation.set(op.key, (figures.perOperation.get(op.key) ?? 0) + 1);
    const problems = this.checkAnswer(op, req, res, text);
    const after = await snapshot(world.t.db);
    this.last = { world, sessions: world.sessionsMade, snap: after };
    if (res.status >= 400) {
      const changed = diff(before, after);
      if (changed.length)
        problems.push(`refused with ${res.status} but changed rows: ${changed.join("; ")}`);
    } else if (
      op?.needsSession &&
      res.status < 300 &&
      (req.role === "customer" || req.role === "provider" || req.role === "provider2")
    ) {
      const uid = world.users[req.role].id;
      const changed = diff(foreignRows(before, uid), foreignRows(after, uid));
      if (changed.length)
        problems.push(`${res.status} changed someone else's rows: ${changed.join("; ")}`);
    }
    if (problems.length) {
      throw new Error(
        `${op?.key ?? "(no operation)"}: ${problems.join(" | ")}\n  answer ${res.status} ${text.slice(0, 300)}\n  request ${describeRequest(req)}`,
      );
    }
    return res;
  }

  private async before(world: World): Promise<Snapshot> {
    // The previous answer's snapshot still holds unless the fixture wrote since (a new session).
    if (this.last?.world === world && this.last.sessions === world.sessionsMade)
      return this.last.snap;
    return snapshot(world.t.db);
  }

  private checkAnswer(
    op: Operation | null,
    req: FuzzRequest,
    res: Response,
    text: string,
  ): string[] {
    const problems: string[] = [];
    // A 503 the operation documents is a deliberate answer (Google sign-in not configured, the
    // database out of reach), not a crash; any other 5xx is.
    if (res.status >= 500 && !(res.status === 503 && op && documentedResponse(op, 503))) {
      problems.push(`server error ${res.status}`);
    }
    const type = res.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    const isHead = req.method === "HEAD";
    if (!op) {
      // The path no longer names an operation: only the shared error body is expected.
      if (res.status >= 400 && !isHead && new URL(req.url, SITE).pathname.startsWith("/api")) {
        problems.push(...this.checkJson(this.errorPointer, type, text));
      }
      return problems;
    }
    const documented = documentedResponse(op, res.status);
    if (!documented) {
      problems.push(
        `status ${res.status} is not documented (documented: ${Object.keys(op.responses).join(", ")})`,
      );
      return problems;
    }
    if (!op.roles.includes(docRole(req.role)) && res.status < 300) {
      problems.push(
        `${res.status} for ${req.role}, whom x-roles [${op.roles.join(", ")}] leaves out`,
      );
    }
    if (isHead) return problems;
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) {
      if (text.length > 0) problems.push(`a body (${type}) where the document has none`);
      return problems;
    }
    if (!media.includes(type)) {
      problems.push(`content type "${type}" is not documented (${media.join(", ")})`);
      return problems;
    }
    if (type === "application/json" || type.endsWith("+json")) {
      problems.push(
        ...this.checkJson(
          documented.content?.[type]?.schema ? responseSchemaPointer(documented, type) : null,
          type,
          text,
        ),
      );
    }
    return problems;
  }

  private checkJson(pointer: string | null, type: string, text: string): string[] {
    if (type !== "application/json") return [`content type "${type}" where JSON is expected`];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`body is not JSON`];
    }
    if (!pointer) return [];
    return this.validator.validate(pointer, body).map((e) => `body: ${e}`);
  }
}

/** The document the app serves (never a copy: the fuzz checks the app against what it says). */
export async function loadDocument(): Promise<OpenApiDoc> {
  const t = await makeTestApp();
  try {
    const res = await t.app.request("/api/openapi.json");
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    return (await res.json()) as OpenApiDoc;
  } finally {
    await t.close();
  }
}
