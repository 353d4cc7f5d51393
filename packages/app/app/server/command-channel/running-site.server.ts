// The command's end of the hand-over to the running site (ADR 385): what `npm run import` and `npm run rules` use
// when the site holds the embedded database.
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import type { Readable } from "node:stream";
import { socketPathOf, TOKEN_HEADER, tokenPathOf } from "./channel-files.server";

/** The running site, standing in for the database a command would open. */
export interface RunningSite {
  readonly kind: "running-site";
  /** POSTs `body` to the site's `path` and resolves its JSON answer; a refusal rejects with the site's words. */
  post<T>(path: string, body: Readable | string): Promise<T>;
  /** Nothing to close: each request is its own connection. */
  close(): Promise<void>;
}

/** The running site that holds `dataDir`, when it listens for commands there; else null. */
export function runningSiteOf(dataDir: string): RunningSite | null {
  const socketPath = socketPathOf(dataDir);
  const tokenPath = tokenPathOf(dataDir);
  if (!socketPath || !existsSync(socketPath) || !existsSync(tokenPath)) return null;
  let token: string;
  try {
    token = readFileSync(tokenPath, "utf8").trim();
  } catch {
    // Not the data directory's owner: the command refuses as it always did.
    return null;
  }
  return {
    kind: "running-site",
    post: (path, body) => post(socketPath, token, path, body),
    close: async () => {},
  };
}

function post<T>(socketPath: string, token: string, path: string, body: Readable | string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const req = request(
      { socketPath, path, method: "POST", agent: false, headers: { [TOKEN_HEADER]: token } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("error", reject);
        res.on("end", () => {
          let answer: { error?: string } | undefined;
          try {
            answer = JSON.parse(text) as { error?: string };
          } catch {
            reject(new Error(`The running site answered ${res.statusCode} without JSON.`));
            return;
          }
          if (res.statusCode === 200) resolve(answer as T);
          else reject(new Error(answer?.error ?? `The running site answered ${res.statusCode}.`));
        });
      },
    );
    req.on("error", (error) => reject(new Error(`Could not reach the running site: ${error.message}`)));
    if (typeof body === "string") req.end(body);
    else {
      body.on("error", (error) => req.destroy(error));
      body.pipe(req);
    }
  });
}

/** A feed file streamed to the running site: it imports it as the command would (`--partial`, `--force` as given). */
export function importThroughSite<T>(
  site: RunningSite,
  file: string,
  format: "csv" | "json",
  storeId: string,
  partial: boolean,
  force = false,
): Promise<T> {
  const query = new URLSearchParams({
    store: storeId,
    format,
    ...(partial ? { partial: "1" } : {}),
    ...(force ? { force: "1" } : {}),
  });
  return site.post<T>(`/import?${query}`, createReadStream(file));
}
