import type { Env, Hono, Schema } from "hono";
import { generateSpecs } from "hono-openapi";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

type Document = Awaited<ReturnType<typeof generateSpecs>>;

const DESCRIPTION = `The JSON API of Karkhana, the directory of manufacturing and service providers in Pakistan.

- Base path \`/api\`; bodies are JSON (the image upload takes raw bytes).
- Signing in sets an HttpOnly session cookie (\`karkhana_session\`, \`__Host-karkhana_session\` over https); send it back with every request.
- State-changing requests must carry an \`Origin\` header of this site (403 otherwise).
- Every error is \`{ "error": "…" }\` (sometimes with a \`code\`), with the status saying what kind.
- Paging, limits and other conventions: docs/api.md in the repository.`;

/** The document for `app`, made once per process: the routes do not change while it runs. */
let cached: Promise<Document> | undefined;

export function openApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
): Promise<Document> {
  cached ??= generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: { title: "Karkhana API", version: "1.0.0", description: DESCRIPTION },
      servers: [{ url: "/" }],
      tags: [
        { name: "Directory", description: "Providers, categories and search: public." },
        { name: "Accounts", description: "Sign-up, sign-in, sessions and passwords." },
        { name: "Favorites", description: "A signed-in person's saved providers." },
        {
          name: "Provider self-service",
          description: "A provider's own profile, services, gallery and images.",
        },
        { name: "Suggestions", description: "Suggesting a provider for the directory." },
        { name: "Admin", description: "The admin dashboard: admins only." },
        { name: "Meta", description: "Health and this reference." },
      ],
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: "karkhana_session",
            description:
              "Set by POST /api/auth/signin and the Google callback; named `__Host-karkhana_session` over https.",
          },
        },
      },
    },
    // Our 400s are `{ error }` and every route lists its own (functions/openapi/describe.ts).
    defaultValidationErrorResponse: false,
    // Pages, /media and the sitemap are not the API.
    exclude: [/^(?!\/api(\/|$))/],
    excludeStaticFile: false,
  });
  return cached;
}
