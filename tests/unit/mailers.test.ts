import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpMailer } from "../../functions/lib/http-mailer.ts";
import { outboxMailer } from "../../functions/node/outbox-mailer.ts";

const message = {
  to: "a@example.pk",
  subject: "Hello",
  text: "Open https://x/y",
  html: "<p>Hi</p>",
};

describe("outboxMailer", () => {
  it("writes one JSON file per message with to, subject, text and html", async () => {
    const dir = await mkdtemp(join(tmpdir(), "outbox-"));
    const lines: string[] = [];
    const mailer = outboxMailer(dir, (l) => lines.push(l));
    await mailer.send(message);
    await mailer.send({ ...message, subject: "Second" });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const first = JSON.parse(await readFile(join(dir, files[0]!), "utf8"));
    expect(first).toMatchObject(message);
    expect(lines[0]).toContain("Open https://x/y");
    await rm(dir, { recursive: true, force: true });
  });
});

describe("httpMailer", () => {
  it("posts the message as JSON with the bearer key and sender", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    await httpMailer(
      { url: "https://mail.example/send", apiKey: "k1", from: "K <no-reply@k.pk>" },
      fake,
    ).send(message);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://mail.example/send");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer k1");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      from: "K <no-reply@k.pk>",
      ...message,
    });
  });

  it("throws with the API's answer when it refuses", async () => {
    const fake = (async () => new Response("bad key", { status: 401 })) as unknown as typeof fetch;
    await expect(
      httpMailer({ url: "https://mail.example/send", apiKey: "x", from: "f@k.pk" }, fake).send(
        message,
      ),
    ).rejects.toThrow(/401: bad key/);
  });
});
