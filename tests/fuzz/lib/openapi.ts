import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Schema } from "./schema-arb.ts";

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, ResponseObject>;
    requestBodies?: Record<string, RequestBody>;
  };
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
}

export interface RequestBody {
  $ref?: string;
  required?: boolean;
  content: Record<string, MediaType>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}

/** A documented answer, and where it lives in the document (after its $refs). */
export interface DocumentedResponse extends ResponseObject {
  pointer: string;
}

export interface Operation {
  method: string;
  /** The document's path template, `/api/providers/{id}`. */
  path: string;
  /** `GET /api/providers/{id}`: how failures and figures name it. */
  key: string;
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, DocumentedResponse>;
  /** Who may call it, from the `x-roles` extension (all roles when absent). */
  roles: string[];
  /** Needs the session cookie (`security` with a scheme). */
  needsSession: boolean;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** Resolves a local `#/…` JSON pointer in `doc`. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
  let cur: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object" || !(part in cur)) {
      throw new Error(`dangling $ref ${ref}`);
    }
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function deref<T extends { $ref?: string }>(doc: OpenApiDoc, v: T): T {
  return derefAt(doc, v, "").value;
}

function derefAt<T extends { $ref?: string }>(
  doc: OpenApiDoc,
  v: T,
  pointer: string,
): { value: T; pointer: string } {
  let cur = v;
  for (let i = 0; cur.$ref && i < 20; i++) {
    pointer = cur.$ref;
    cur = resolvePointer(doc, cur.$ref) as T;
  }
  return { value: cur, pointer };
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map((p) => deref(doc, p));
    for (const method of METHODS) {
      const raw = item[method] as Record<string, unknown> | undefined;
      if (!raw) continue;
      const own = ((raw.parameters as Parameter[] | undefined) ?? []).map((p) => deref(doc, p));
      // An operation's parameter overrides a path-level one of the same name and place.
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ];
      const responses: Record<string, DocumentedResponse> = {};
      for (const [status, r] of Object.entries(
        (raw.responses as Record<string, ResponseObject>) ?? {},
      )) {
        const at = derefAt(doc, r, `#/paths/${ptr(path)}/${method}/responses/${ptr(status)}`);
        responses[status] = { ...at.value, pointer: at.pointer };
      }
      const security = raw.security as Record<string, string[]>[] | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        parameters,
        requestBody: raw.requestBody ? deref(doc, raw.requestBody as RequestBody) : undefined,
        responses,
        roles: (raw["x-roles"] as string[] | undefined) ?? [
          "anonymous",
          "customer",
          "provider",
          "admin",
        ],
        // An empty requirement ({}) in the list means the session is optional.
        needsSession: !!security?.length && security.every((req) => Object.keys(req).length > 0),
      });
    }
  }
  return ops;
}

/** The documented answer for `status`: exact code, then `4XX`-style ranges, then `default`. */
export function documentedResponse(op: Operation, status: number): DocumentedResponse | undefined {
  return (
    op.responses[String(status)] ??
    op.responses[`${String(status)[0]}XX`] ??
    op.responses[`${String(status)[0]}xx`] ??
    op.responses.default
  );
}

/**
 * Validates answer bodies against the document's schemas with ajv (draft
 * 2020-12, the dialect of OpenAPI 3.1). The whole document is registered
 * once so that `#/components/...` references inside the schemas resolve.
 */
export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDoc) {
    // strict off: the document holds OpenAPI keywords (paths, example, …) that are not JSON Schema.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    // OpenAPI's own formats: nothing to check beyond the type.
    for (const f of ["int32", "int64", "float", "double", "binary", "byte", "password"]) {
      this.ajv.addFormat(f, true);
    }
    this.ajv.addSchema(doc, "doc");
  }

  /** Errors of `body` against the schema at `pointer` (`#/paths/…/schema`), or [] when valid. */
  validate(pointer: string, body: unknown): string[] {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `doc${pointer}` });
      this.cache.set(pointer, fn);
    }
    if (fn(body)) return [];
    return (fn.errors ?? []).map(
      (e) => `${e.instancePath || "(body)"} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
    );
  }
}

/** JSON pointer escape of one token. */
export const ptr = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

/** Pointer to the schema of a documented answer in `mediaType`. */
export function responseSchemaPointer(r: DocumentedResponse, mediaType: string): string {
  return `${r.pointer}/content/${ptr(mediaType)}/schema`;
}
