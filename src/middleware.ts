import { AsyncLocalStorage } from "node:async_hooks";
import { defineMiddleware } from "astro:middleware";
import { setServerLocaleSource } from "./i18n/current.ts";
import { installErrorTable } from "./i18n/errors.ts";
import { translateError } from "./i18n/error-table.ts";
import { localeOfPath, type Locale } from "./i18n/locales.ts";

/**
 * Each page render knows its language from its URL (/ur/… is Urdu). Renders
 * run side by side (the build's concurrency, on-demand requests), so the
 * language is held per render, not in a module variable.
 */
const renderLocale = new AsyncLocalStorage<Locale>();
// A page render may show an error sentence (rarely: islands check forms in the browser).
installErrorTable(translateError);
setServerLocaleSource(() => renderLocale.getStore());

export const onRequest = defineMiddleware((context, next) =>
  renderLocale.run(localeOfPath(context.url.pathname), next),
);
