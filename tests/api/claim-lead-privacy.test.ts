import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * Quote requests belong to the owner they were sent to (decision 025). When an
 * admin detaches an owner who left and someone else claims the listing, the
 * newcomer's inbox starts at the claim: the old threads stay the customer's and
 * the admins', and new mail about them does not reach the newcomer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

interface Inbox {
  leads: { id: string }[];
  unread: number;
}

describe("a listing that changes hands by a claim", () => {
  it("keeps the previous owner's quote requests from the new owner", async () => {
    const adminId = await createUser(t.db, { email: "admin@privacy.pk", role: "admin" });
    const oldOwnerId = await createUser(t.db, { email: "old@privacy.pk", role: "provider" });
    const newOwnerId = await createUser(t.db, { email: "new@privacy.pk", role: "customer" });
    const customerId = await createUser(t.db, { email: "buyer@privacy.pk", role: "customer" });
    const admin = await clientAs(t, adminId, "10.1.0.1");
    const oldOwner = await clientAs(t, oldOwnerId, "10.1.0.2");
    const newOwner = await clientAs(t, newOwnerId, "10.1.0.3");
    const customer = await clientAs(t, customerId, "10.1.0.4");
    const providerId = await createProvider(t.db, {
      companyName: "Ravi Steel Fabricators",
      city: "Lahore",
      email: "office@ravisteel.pk",
      userId: oldOwnerId,
    });

    const sent = await customer.post("/api/leads", {
      providerId,
      need: "Two steel gates, 12 by 8 feet, with a wicket door and black paint.",
      city: "Lahore",
    });
    expect(sent.status, sent.text).toBe(201);
    const oldLead = (sent.body as { id: string }).id;
    const oldInbox = (await oldOwner.get("/api/my-provider/leads")).body as Inbox;
    expect(oldInbox.leads.map((l) => l.id)).toEqual([oldLead]);

    // The owner left: an admin detaches them, and the business's new owner proves it by email.
    const detached = await admin.post(`/api/admin/providers/${providerId}/detach`);
    expect(detached.status, detached.text).toBe(200);
    // The old owner set the office address: an admin confirms it is the business's first
    // (decision 029), or the old owner could take the listing back through it.
    expect((await newOwner.post("/api/claims/email", { providerId })).status).toBe(422);
    const vouched = await admin.post(`/api/admin/providers/${providerId}/confirm-email`);
    expect(vouched.status, vouched.text).toBe(200);
    const asked = await newOwner.post("/api/claims/email", { providerId });
    expect(asked.status, asked.text).toBe(202);
    const mail = t.outbox.filter((m) => m.to === "office@ravisteel.pk").at(-1)!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const confirmed = await newOwner.post("/api/claims/confirm", { token });
    expect(confirmed.status, confirmed.text).toBe(200);

    // The newcomer neither lists nor opens the old thread; the customer and admins still do.
    const inbox = (await newOwner.get("/api/my-provider/leads")).body as Inbox;
    expect(inbox).toEqual({ leads: [], unread: 0 });
    expect((await newOwner.get(`/api/leads/${oldLead}`)).status).toBe(404);
    expect((await customer.get(`/api/leads/${oldLead}`)).status).toBe(200);
    expect((await admin.get(`/api/leads/${oldLead}`)).status).toBe(200);

    // A message in the old thread mails nobody at the business now.
    const before = t.outbox.filter((m) => m.to === "new@privacy.pk").length;
    const wrote = await customer.post(`/api/leads/${oldLead}/messages`, {
      body: "Are the gates still possible this month?",
    });
    expect(wrote.status, wrote.text).toBe(201);
    expect(t.outbox.filter((m) => m.to === "new@privacy.pk")).toHaveLength(before);

    // Requests sent after the claim are the new owner's.
    const fresh = await customer.post("/api/leads", {
      providerId,
      need: "A steel staircase railing, 14 feet, powder coated in grey.",
      city: "Lahore",
    });
    expect(fresh.status, fresh.text).toBe(201);
    const newLead = (fresh.body as { id: string }).id;
    const after = (await newOwner.get("/api/my-provider/leads")).body as Inbox;
    expect(after.leads.map((l) => l.id)).toEqual([newLead]);
    expect(after.unread).toBe(1);
    expect((await newOwner.get(`/api/leads/${newLead}`)).status).toBe(200);
  });
});
