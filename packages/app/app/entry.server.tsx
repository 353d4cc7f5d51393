import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { scriptsAfterFirstPaint } from "../server/preloads";
import stylesheet from "./app.css?inline";
import { bootScript } from "./components/boot-script.server";
import { CookieBanner } from "./components/cookie-banner";
import { ServerCookieBanner } from "./components/cookie-banner-slot";
import { ServerToastItem } from "./components/toast";
import { ToastItem } from "./components/toast-item";
import { siteContent } from "./content/fixtures.server";
import { requestContext } from "./context";
import { HTML_CACHE_HEADER, htmlCacheContext, htmlCacheWanted } from "./html-cache";
import { NonceProvider, ServerHeadProvider } from "./nonce";
import { logError } from "./server/log.server";

export const streamTimeout = 5_000;

// The guard's 10 s is the spec's reload guard (section 9), as the settings carry it for every environment.
const SERVER_HEAD = {
  stylesheet,
  bootScript: bootScript(siteContent().settings.base.reloadGuardSeconds * 1000),
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  // Decided before rendering: the loaders have run, so their vetoes are in.
  if (
    htmlCacheWanted(
      routerContext.staticHandlerContext.matches,
      routerContext.routeModules,
      loadContext.get(htmlCacheContext),
    )
  ) {
    responseHeaders.set(HTML_CACHE_HEADER, "1");
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerHeadProvider value={SERVER_HEAD}>
          <ServerToastItem value={ToastItem}>
            <ServerCookieBanner value={CookieBanner}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </ServerCookieBanner>
          </ServerToastItem>
        </ServerHeadProvider>
      </NonceProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary that comes after this many bytes of the document: it is sent
        // hidden and revealed by an inline script, so without JavaScript it would never show (a flash toast after a
        // form post, say). Every boundary stays where it is written (docs/decisions/155).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = scriptsAfterFirstPaint(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("rendering the page", error);
        },
      },
    );
  });
}

/**
 * Errors thrown by loaders and actions. React Router's default logs the whole error, and a database error carries the
 * query's parameters: what the shopper typed. Logged without them (ADR 191); an aborted request is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  logError(`${request.method} ${new URL(request.url).pathname}`, error);
}
