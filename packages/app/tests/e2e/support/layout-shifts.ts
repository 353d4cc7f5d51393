import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";

/** The layout shifts so far: their sum (the CLS of a session without input) and what moved, for a failure message. */
export interface LayoutShifts {
  readonly total: number;
  readonly moved: string[];
}

/**
 * Watches the layout shifts of the page's life. Call before `goto`: the observer is installed by an init script, so
 * it sees the first paint. The returned function reads the sum so far; `shiftsOf` the sum with what moved.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
        w.__shift += shift.value;
        for (const source of shift.sources ?? []) {
          const node = source.node as Element | null | undefined;
          w.__moved.push(`${shift.value.toFixed(3)} ${node?.outerHTML?.slice(0, 120) ?? "(a removed node)"}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** What moved so far, as `watchLayoutShifts` recorded it. */
export function shiftsOf(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    return { total: w.__shift, moved: w.__moved };
  });
}

/** A proxy in front of the site that sends one page's document in two parts; `release` sends the second. */
export interface SplitDocument {
  readonly url: string;
  /** Resolves once the first part is on the wire. */
  readonly firstPartSent: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

/**
 * Serves `origin` through a loopback proxy that holds back the document of `path` from the first `after` that follows
 * `marker`, until `release()`: what a slow network or a parser yielding mid-page shows a browser, made deterministic.
 * Every other request passes through untouched.
 */
export async function splitDocument(
  origin: string,
  { path, marker, after }: { path: string; marker: string; after: string },
): Promise<SplitDocument> {
  let firstPartSent!: () => void;
  let notSent!: (error: Error) => void;
  const sent = new Promise<void>((resolve, reject) => {
    firstPartSent = resolve;
    notSent = reject;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const target = new URL(origin);
  const proxy = createServer((request, response) => {
    const split = request.method === "GET" && request.url === path;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        // The document uncompressed, so it can be cut at a place in its markup.
        headers: split ? { ...request.headers, "accept-encoding": "identity" } : request.headers,
      },
      (answer) => {
        if (!split || answer.statusCode !== 200) {
          if (split) notSent(new Error(`splitDocument: ${path} answered ${answer.statusCode}`));
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          const from = html.indexOf(marker);
          const cut = from < 0 ? -1 : html.indexOf(after, from);
          if (cut < 0) {
            notSent(new Error(`splitDocument: "${after}" after "${marker}" is not in ${path}`));
            response.writeHead(200, answer.headers).end(html);
            return;
          }
          const { "content-length": _length, ...headers } = answer.headers;
          response.writeHead(200, headers);
          response.write(html.slice(0, cut + after.length), () => firstPartSent());
          void released.then(() => response.end(html.slice(cut + after.length)));
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    firstPartSent: sent,
    release,
    close: () => {
      release();
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
