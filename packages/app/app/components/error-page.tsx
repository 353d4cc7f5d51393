import { isRouteErrorResponse, Link, type MetaDescriptor } from "react-router";
import type { TextTree } from "./i18n";
import { fill, lookup } from "./i18n";
import { ROBOTS_NOINDEX } from "./robots";

/** Whether an error is the spec's 404 (no route, a route whose validation failed, or a page that is off). */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

const STATUS_KEYS: Readonly<Record<number, string>> = {
  400: "badRequest",
  403: "forbidden",
  404: "notFound",
  405: "methodNotAllowed",
  410: "gone",
  413: "payloadTooLarge",
  429: "tooManyRequests",
  500: "serverError",
  503: "serviceUnavailable",
};

/** "404 - Page not found", "500 - Internal server error": the spec's fallback title for an error page. */
export function errorTitle(error: unknown, errors: TextTree | undefined): string {
  const status = statusOf(error);
  // A status without its own words is named by its class: a client's mistake is never an "Internal server error".
  const key = STATUS_KEYS[status] ?? (status >= 400 && status < 500 ? "badRequest" : "serverError");
  const message = lookup(errors, `statusMessages.${key}`);
  return fill(lookup(errors, "fallbackTitle"), { status, message });
}

/** The head of an error page: its fallback title, and kept out of search results. */
export function errorMeta(error: unknown, errors: TextTree | undefined): MetaDescriptor[] {
  return [{ title: errorTitle(error, errors) }, { name: "robots", content: ROBOTS_NOINDEX }];
}

/**
 * The spec's 404 page (badge 404, "Page not found", the subtitle and "Go back home") or the error page, every word
 * from the translations; the button's target comes from the translations too.
 */
export function ErrorPage({ error, errors }: { error: unknown; errors: TextTree | undefined }) {
  const key = isNotFound(error) ? "notFound" : "error";
  const text = (name: string) => lookup(errors, `${key}.${name}`);
  return (
    <div className="mx-auto w-full max-w-xl flex-1 px-6 py-24 text-center sm:py-32">
      <p className="text-base font-semibold text-brand-700">{text("badge")}</p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{text("title")}</h1>
      <p className="mt-6 text-lg leading-8 text-slate-600">{text("subtitle")}</p>
      <div className="mt-10 flex justify-center">
        <Link
          to={text("buttonHref")}
          reloadDocument={!isNotFound(error)}
          className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {text("button")}
        </Link>
      </div>
    </div>
  );
}
