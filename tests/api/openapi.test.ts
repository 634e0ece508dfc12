import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * The OpenAPI document (/api/openapi.json) against the app it describes: the
 * same operations, a structurally valid OpenAPI 3.1 document, and on every
 * operation a success answer and its error answers in the shared error shape.
 */

type Json = Record<string, any>;
const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"];

let t: TestApp;
let doc: Json;

beforeAll(async () => {
  t = await makeTestApp();
  const res = await t.app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as Json;
});
afterAll(() => t.close());

/** `/api/providers/:id` → `/api/providers/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");

function appOperations(): string[] {
  const ops = t.app.routes
    .filter((r) => (r.path === "/api" || r.path.startsWith("/api/")) && r.method !== "ALL")
    .map((r) => `${r.method} ${toOpenApiPath(r.path)}`);
  return [...new Set(ops)].sort();
}

function documentOperations(): string[] {
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of Object.keys(item)) {
      if (METHODS.includes(method)) ops.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return ops.sort();
}

function eachOperation(): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (METHODS.includes(method)) out.push([`${method.toUpperCase()} ${path}`, op as Json]);
    }
  }
  return out;
}

/** Follows a local `$ref` (`#/components/schemas/X`). */
function deref(node: Json): Json {
  if (typeof node?.$ref !== "string") return node;
  const parts = node.$ref.replace(/^#\//, "").split("/");
  let target: any = doc;
  for (const p of parts) target = target?.[p.replaceAll("~1", "/").replaceAll("~0", "~")];
  expect(target, `unresolved ${node.$ref}`).toBeDefined();
  return target as Json;
}

describe("GET /api/openapi.json", () => {
  it("answers the same document each time, cacheable", async () => {
    const res = await t.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(doc);
  });

  it("lists exactly the app's /api routes", () => {
    const app = appOperations();
    const documented = documentOperations();
    expect(app.length).toBeGreaterThan(40);
    expect(
      app.filter((op) => !documented.includes(op)),
      "routes the document lacks",
    ).toEqual([]);
    expect(
      documented.filter((op) => !app.includes(op)),
      "documented but not routes",
    ).toEqual([]);
  });

  it("is a structurally valid OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info?.title).toBe("string");
    expect(typeof doc.info?.version).toBe("string");
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      expect(path).toMatch(/^\/api(\/|$)/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item as Json)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        const where = `${method.toUpperCase()} ${path}`;
        expect(typeof op.operationId, where).toBe("string");
        expect(operationIds.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(
          false,
        );
        operationIds.add(op.operationId);
        const params = ((op.parameters ?? []) as Json[]).map(deref);
        for (const p of params) {
          expect(["path", "query", "header", "cookie"], where).toContain(p.in);
          expect(typeof p.name, where).toBe("string");
          expect(p.schema, `${where} parameter ${p.name}`).toBeDefined();
          if (p.in === "path") expect(p.required, `${where} ${p.name}`).toBe(true);
        }
        // Every templated segment is a declared path parameter, and nothing more.
        const pathParams = params.filter((p) => p.in === "path").map((p) => p.name);
        expect(pathParams.sort(), where).toEqual([...templated].sort());
        if (op.requestBody) {
          expect(Object.keys(op.requestBody.content ?? {}).length, where).toBeGreaterThan(0);
        }
        for (const [status, response] of Object.entries(op.responses as Json)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(typeof (response as Json).description, `${where} ${status}`).toBe("string");
        }
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement)) {
            expect(doc.components.securitySchemes[scheme], where).toBeDefined();
          }
        }
      }
    }
  });

  it("gives every operation a success answer, its roles and its error answers", () => {
    for (const [where, op] of eachOperation()) {
      const statuses = Object.keys(op.responses);
      // A retired operation answers 410 and nothing else: it says so (deprecated).
      const retired = op.deprecated === true && statuses.includes("410");
      expect(retired || statuses.some((s) => /^[23]\d\d$/.test(s)), `${where} has no 2xx/3xx`).toBe(
        true,
      );
      expect(Array.isArray(op["x-roles"]), `${where} x-roles`).toBe(true);
      expect(op["x-roles"].length, `${where} x-roles`).toBeGreaterThan(0);
      // The database may be out of reach for any request (the session lookup).
      expect(statuses, where).toContain("503");
      if (!op["x-roles"].includes("anonymous")) {
        expect(statuses, `${where} needs a session`).toContain("401");
        expect(op.security, where).toEqual([{ session: [] }]);
      }
      if (!where.startsWith("GET ")) {
        expect(statuses, `${where}: the Origin check`).toContain("403");
        expect(statuses, `${where}: the body limit`).toContain("413");
      }
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const response = op.responses[status];
        const schema = response.content?.["application/json"]?.schema;
        expect(schema, `${where} ${status} body`).toBeDefined();
        if (!(where === "POST /api/auth/hash-callback" && status === "410")) {
          expect(schema, `${where} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
        if (status === "429" || status === "503") {
          expect(response.headers?.["Retry-After"], `${where} ${status}`).toBeDefined();
        }
      }
    }
  });
});
