import { Writable } from "node:stream";
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
import {
  HTML_CACHE_HEADER,
  HTML_CACHE_KEEP,
  HTML_CACHE_KEEP_FROM_INDEX,
  htmlCacheContext,
  htmlCacheWanted,
} from "./html-cache";
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
  const cacheState = loadContext.get(htmlCacheContext);
  if (htmlCacheWanted(routerContext.staticHandlerContext.matches, routerContext.routeModules, cacheState)) {
    responseHeaders.set(HTML_CACHE_HEADER, cacheState?.fromIndex ? HTML_CACHE_KEEP_FROM_INDEX : HTML_CACHE_KEEP);
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // The whole document is collected and sent at once (docs/decisions/293): the scripts' rewrite needs everything
    // up to React Router's module script, which comes last, so streaming the rest bought no earlier bytes, while
    // every chunk paid its way through a transform, a web stream, the compressor and the socket on its own.
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(scriptsAfterFirstPaint(Buffer.concat(chunks)), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });

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
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(collector);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          // As when the shell was sent first: an error inside a Suspense boundary after the shell leaves the page's
          // status alone (the browser renders that boundary again); only an error before it makes the page a 500.
          if (shellRendered) logError("rendering the page", error);
          else responseStatusCode = 500;
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
