import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProviderRowData } from "../../lib/provider-view.ts";
import { ProviderAvatar } from "./ProviderAvatar.tsx";
import { ProviderRow } from "./ProviderRow.tsx";

const row: ProviderRowData = {
  id: "0b7c3f2e-1111-4222-8333-444455556666",
  companyName: "Crescent Forge Works",
  location: "Gujranwala — GT Road",
  city: "Gujranwala",
  isVerified: false,
  isSuggested: false,
  logoUrl: "/media/providers/u/logo_1.png",
  coverImageUrl: null,
  responseTime: null,
  replyMinutes: null,
  isFastResponder: false,
  fromPrice: 50000,
  categories: [],
  href: "/providers/crescent-forge-works-0b7c3f2e-1111-4222-8333-444455556666",
};

const img = (html: string) => /<img[^>]*>/.exec(html)?.[0] ?? "";

describe("images above the fold", () => {
  it("a listing's first rows load their image at once, later rows lazily", () => {
    const first = img(
      renderToStaticMarkup(createElement(ProviderRow, { provider: row, eager: true })),
    );
    const later = img(renderToStaticMarkup(createElement(ProviderRow, { provider: row })));
    expect(first).toContain('loading="eager"');
    expect(later).toContain('loading="lazy"');
    for (const tag of [first, later]) {
      expect(tag).toContain('width="56"');
      expect(tag).toContain('height="56"');
    }
  });

  it("a provider page's logo is fetched first, preloaded and never lazily", () => {
    const html = renderToStaticMarkup(
      createElement(ProviderAvatar, {
        name: row.companyName,
        logoUrl: row.logoUrl,
        coverImageUrl: null,
        size: 96,
        priority: true,
      }),
    );
    // HTML attribute names are case-insensitive; React writes this one in camelCase.
    expect(img(html)).toMatch(/fetchpriority="high"/i);
    expect(img(html)).toContain('loading="eager"');
    // React 19 puts a preload for a high-priority image ahead of it in the HTML.
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/media\/providers\/u\/logo_1\.png"/,
    );
  });
});
