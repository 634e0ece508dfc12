import { describe, expect, it } from "vitest";
import { locationText, responseTimeText } from "./ProviderFacts.tsx";

const facts = (over: Partial<Parameters<typeof responseTimeText>[0]> = {}) => ({
  location: "",
  city: "Lahore",
  responseTime: null,
  replyMinutes: null,
  ...over,
});

describe("a provider's facts in the page's language", () => {
  it("names the place: the typed location, else the city, else Pakistan", () => {
    expect(locationText(facts({ location: "Gulberg III, Lahore" }), "ur")).toBe(
      "Gulberg III, Lahore",
    );
    expect(locationText(facts(), "en")).toBe("Lahore");
    expect(locationText(facts(), "ur")).toBe("لاہور");
    expect(locationText(facts({ city: null }), "en")).toBe("Pakistan");
    expect(locationText(facts({ city: null }), "ur")).toBe("پاکستان");
  });

  it("keeps the English wording of the spec", () => {
    expect(responseTimeText(facts({ replyMinutes: 61 }), "en")).toBe(
      "Usually replies within 2 hours",
    );
    expect(responseTimeText(facts({ responseTime: "within 2 hours" }), "en")).toBe(
      "Usually responds within 2 hours",
    );
    expect(responseTimeText(facts(), "en")).toBeNull();
  });

  it("says the measured time in Urdu, hours up to two days, then days", () => {
    expect(responseTimeText(facts({ replyMinutes: 30 }), "ur")).toBe(
      "عموماً 1 گھنٹے میں جواب دیتے ہیں",
    );
    expect(responseTimeText(facts({ replyMinutes: 48 * 60 }), "ur")).toBe(
      "عموماً 48 گھنٹے میں جواب دیتے ہیں",
    );
    expect(responseTimeText(facts({ replyMinutes: 49 * 60 }), "ur")).toBe(
      "عموماً 3 دن میں جواب دیتے ہیں",
    );
  });

  it("shows a typed time after a label, as the provider wrote it", () => {
    expect(responseTimeText(facts({ responseTime: " 2 hours " }), "ur")).toBe(
      "جواب کا عمومی وقت: \u20682 hours\u2069",
    );
    expect(responseTimeText(facts({ responseTime: "Same day" }), "ur")).toBe(
      "عموماً اسی دن جواب دیتے ہیں",
    );
    expect(responseTimeText(facts({ responseTime: "  " }), "ur")).toBeNull();
  });
});
