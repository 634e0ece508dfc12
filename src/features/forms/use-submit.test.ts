import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.ts";

// The hook's state, held outside React: the hook is called once per test, as
// one render, and its state updates are read back from here.
const held = vi.hoisted(() => ({ pending: false, ref: null as { current: unknown } | null }));
const toast = vi.hoisted(() => vi.fn());

vi.mock("react", () => ({
  useState: (initial: boolean) => [
    initial,
    (next: boolean) => {
      held.pending = next;
    },
  ],
  useRef: (initial: unknown) => (held.ref ??= { current: initial }),
}));
vi.mock("../toast/store.ts", () => ({ toast }));

const { failureMessage, LEAVING, useSubmit } = await import("./use-submit.ts");

const preventDefault = vi.fn();

describe("useSubmit", () => {
  beforeEach(() => {
    held.pending = false;
    held.ref = null;
    toast.mockReset();
    preventDefault.mockReset();
  });

  it("sends nothing when the form is invalid", async () => {
    const send = vi.fn();
    const { submit } = useSubmit({
      validate: () => null,
      send,
      onSuccess: vi.fn(),
      failureTitle: "Failed",
    });
    await submit({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(held.pending).toBe(false);
  });

  it("is pending while the call runs, then shows success with the answer", async () => {
    let pendingDuringCall = false;
    const onSuccess = vi.fn();
    const { submit } = useSubmit({
      validate: () => ({ email: "a@b.pk" }),
      send: async (input) => {
        pendingDuringCall = held.pending;
        return { message: `sent to ${input.email}` };
      },
      onSuccess,
      failureTitle: "Failed",
    });
    await submit();
    expect(pendingDuringCall).toBe(true);
    expect(onSuccess).toHaveBeenCalledWith({ message: "sent to a@b.pk" }, { email: "a@b.pk" });
    expect(toast).not.toHaveBeenCalled();
    expect(held.pending).toBe(false);
  });

  it("ignores a second submit while the first is still out", async () => {
    let answer: (v: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { submit } = useSubmit({
      validate: () => 1,
      send,
      onSuccess: vi.fn(),
      failureTitle: "Failed",
    });
    const first = submit();
    await submit();
    expect(send).toHaveBeenCalledTimes(1);
    answer("ok");
    await first;
    // Answered: the next submit is sent (and left unanswered).
    void submit();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("toasts the API's own sentence on failure and hands it to the form", async () => {
    const onError = vi.fn();
    const { submit } = useSubmit({
      validate: () => ({ name: "x" }),
      send: () => Promise.reject(new ApiError(400, '{"error":"name: too short"}')),
      onSuccess: vi.fn(),
      onError,
      failureTitle: "Submission failed",
    });
    await submit();
    expect(toast).toHaveBeenCalledWith({
      title: "Submission failed",
      description: "name: too short",
      variant: "destructive",
    });
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), "name: too short", { name: "x" });
    expect(held.pending).toBe(false);
  });

  it("uses the fallback text when the error says nothing useful", async () => {
    const { submit } = useSubmit({
      validate: () => 1,
      send: () => Promise.reject(new ApiError(500, "")),
      onSuccess: vi.fn(),
      failureTitle: "Setup Failed",
      failureText: "Failed to create provider profile. Please try again.",
    });
    await submit();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: "Failed to create provider profile. Please try again.",
      }),
    );
  });

  it("stays pending and quiet when the page is leaving", async () => {
    const { submit } = useSubmit({
      validate: () => 1,
      send: () => Promise.reject(new ApiError(401, '{"error":"Unauthorized"}')),
      onSuccess: vi.fn(),
      onError: () => LEAVING,
      failureTitle: "Failed",
    });
    await submit();
    expect(toast).not.toHaveBeenCalled();
    expect(held.pending).toBe(true);
    const again = useSubmit({
      validate: () => 1,
      send: async () => "ok",
      onSuccess: () => LEAVING,
      failureTitle: "Failed",
    });
    held.ref = null;
    await again.submit();
    expect(held.pending).toBe(true);
  });
});

describe("failureMessage", () => {
  it("is the API's own sentence, else the fallback", () => {
    expect(failureMessage(new ApiError(400, '{"error":"Invalid email or password"}'))).toBe(
      "Invalid email or password",
    );
    expect(failureMessage(null)).toBe("Please try again");
    expect(failureMessage(null, "Could not save")).toBe("Could not save");
  });

  it("falls back in the page's language", () => {
    vi.stubGlobal("document", { documentElement: { lang: "ur" } });
    try {
      expect(failureMessage(null)).toBe("براہ کرم دوبارہ کوشش کریں");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
