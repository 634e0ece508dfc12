import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fillSlots } from "./slots.tsx";

const html = (template: string, slots: Record<string, unknown>) =>
  renderToStaticMarkup(createElement("p", null, fillSlots(template, slots as never)));

describe("fillSlots", () => {
  it("puts each element where the language's template has it", () => {
    const email = createElement("b", null, "a@example.pk");
    expect(html("Signed in as {email}", { email })).toBe("<p>Signed in as <b>a@example.pk</b></p>");
    expect(html("آپ {email} سے سائن ان ہیں", { email })).toBe(
      "<p>آپ <b>a@example.pk</b> سے سائن ان ہیں</p>",
    );
  });

  it("fills several slots, and shows a slot nobody filled as written", () => {
    expect(html("{a} and {b}, {c}", { a: "1", b: "2" })).toBe("<p>1 and 2, {c}</p>");
  });
});
