/**
 * A local stand-in for Google's OAuth token endpoint, so Google sign-in is
 * tested without the internet. Tests play the consent screen themselves:
 * `authorize(url, claims)` reads the authorization URL the app built (as
 * Google would) and issues a code bound to its PKCE challenge and redirect
 * URI; the app then redeems the code at this server's token endpoint, which
 * checks the client credentials, the code, the redirect URI and the verifier.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { GoogleConfig } from "../../functions/auth/google.ts";

export interface GoogleClaims {
  iss: string;
  aud: string | string[];
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

interface IssuedCode {
  challenge: string;
  redirectUri: string;
  claims: GoogleClaims;
  used: boolean;
}

export interface TokenRequestRecord {
  status: number;
  error?: string;
}

export interface FakeGoogle {
  /** The app's Google settings, pointed at this fake. */
  config: GoogleConfig;
  /**
   * What Google does after the person picks an account: checks the
   * authorization URL and returns `{ code, state }` for the redirect back.
   */
  authorize(
    authorizationUrl: string,
    claims?: Partial<GoogleClaims>,
  ): { code: string; state: string };
  /** A code for a given challenge, bypassing the URL checks. */
  issueCode(opts: {
    challenge: string;
    redirectUri: string;
    claims?: Partial<GoogleClaims>;
  }): string;
  /** Every token request, oldest first. */
  tokenRequests: TokenRequestRecord[];
  /** Answer the next token requests with this HTTP status (e.g. 500); null to behave. */
  failWith: number | null;
  close(): Promise<void>;
}

const CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "fake-client-secret";

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString("base64url");
}

/** JWT-shaped and unsigned: the app reads ID tokens from the token endpoint without verifying a signature. */
function idToken(claims: GoogleClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", kid: "fake", typ: "JWT" }));
  const payload = base64url(JSON.stringify({ iat: now, exp: now + 3600, ...claims }));
  return `${header}.${payload}.${base64url(randomBytes(32))}`;
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Client credentials by HTTP Basic (what arctic sends) or in the form body. */
function clientCredentials(req: IncomingMessage, form: URLSearchParams) {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Basic ")) {
    const decoded = Buffer.from(auth.slice(6), "base64").toString("utf8");
    const i = decoded.indexOf(":");
    return { id: decoded.slice(0, i), secret: decoded.slice(i + 1) };
  }
  return { id: form.get("client_id"), secret: form.get("client_secret") };
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: TokenRequestRecord[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const answer = (status: number, body: object) => {
      tokenRequests.push({
        status,
        ...("error" in body ? { error: String(body.error) } : {}),
      });
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/token") {
      res.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    if (fake.failWith !== null) return answer(fake.failWith, { error: "server_error" });
    const client = clientCredentials(req, form);
    if (client.id !== CLIENT_ID || client.secret !== CLIENT_SECRET) {
      return answer(401, { error: "invalid_client" });
    }
    if (form.get("grant_type") !== "authorization_code") {
      return answer(400, { error: "unsupported_grant_type" });
    }
    const issued = codes.get(form.get("code") ?? "");
    if (!issued || issued.used) return answer(400, { error: "invalid_grant" });
    // Like Google: a code is spent by its first redemption attempt, good or bad.
    issued.used = true;
    if (form.get("redirect_uri") !== issued.redirectUri) {
      return answer(400, { error: "redirect_uri_mismatch" });
    }
    const verifier = form.get("code_verifier");
    if (!verifier || s256(verifier) !== issued.challenge) {
      return answer(400, { error: "invalid_grant", error_description: "Bad code_verifier" });
    }
    return answer(200, {
      access_token: `ya29.fake-${randomBytes(8).toString("hex")}`,
      token_type: "Bearer",
      expires_in: 3599,
      scope:
        "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: idToken(issued.claims),
    });
  };
  const server = createServer((req, res) => {
    // A failure answers 500, which the test sees, instead of a request left hanging.
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const issueCode: FakeGoogle["issueCode"] = ({ challenge, redirectUri, claims = {} }) => {
    const code = `4/fake-${randomBytes(12).toString("hex")}`;
    const sub = claims.sub ?? String(100_000_000 + codes.size);
    codes.set(code, {
      challenge,
      redirectUri,
      used: false,
      claims: {
        iss: "https://accounts.google.com",
        aud: CLIENT_ID,
        sub,
        email: `user${sub}@gmail.com`,
        email_verified: true,
        ...claims,
      },
    });
    return code;
  };

  const fake: FakeGoogle = {
    config: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      // Never requested: tests play the consent screen through authorize().
      authorizationEndpoint: `${base}/o/oauth2/v2/auth`,
      tokenEndpoint: `${base}/token`,
    },
    authorize(authorizationUrl, claims) {
      const url = new URL(authorizationUrl);
      const p = url.searchParams;
      const expect = (ok: boolean, what: string) => {
        if (!ok) throw new Error(`fake Google: bad authorization URL (${what}): ${url}`);
      };
      expect(`${url.origin}${url.pathname}` === fake.config.authorizationEndpoint, "endpoint");
      expect(p.get("response_type") === "code", "response_type");
      expect(p.get("client_id") === CLIENT_ID, "client_id");
      expect(p.get("code_challenge_method") === "S256", "code_challenge_method");
      expect(/^[A-Za-z0-9_-]{43}$/.test(p.get("code_challenge") ?? ""), "code_challenge");
      expect(!!p.get("state"), "state");
      expect(!!p.get("redirect_uri"), "redirect_uri");
      const code = issueCode({
        challenge: p.get("code_challenge")!,
        redirectUri: p.get("redirect_uri")!,
        ...(claims ? { claims } : {}),
      });
      return { code, state: p.get("state")! };
    },
    issueCode,
    tokenRequests,
    failWith: null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // fetch keeps connections alive; close() would wait for them.
        server.closeAllConnections();
      }),
  };
  return fake;
}
