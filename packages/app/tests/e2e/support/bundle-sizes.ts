import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  readonly id: string;
  readonly parentId?: string;
  readonly path?: string;
  readonly index?: boolean;
  readonly module: string;
  readonly imports?: readonly string[];
  readonly hasDefaultExport?: boolean;
}

interface Manifest {
  readonly entry: { readonly module: string; readonly imports: readonly string[] };
  readonly routes: Readonly<Record<string, ManifestRoute>>;
}

/** React Router's browser manifest of a build (`build/client/assets/manifest-*.js`). */
export function readManifest(clientDir: string): Manifest {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/**
 * The JavaScript a first visit to each page route downloads, in KB after gzip: the entry, and every route module of
 * the page's branch (root, layout, page) with their imports, each file once. Resource routes have no page.
 */
export function firstLoadJs(clientDir: string): { route: string; files: number; kbGzip: number }[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, number>();
  const gzipped = (asset: string) => {
    let size = sizes.get(asset);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, asset))).length;
      sizes.set(asset, size);
    }
    return size;
  };
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && route.id !== "root" && !route.id.startsWith("layouts/"))
    .map((route) => {
      const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
        files.add(at.module);
        for (const imported of at.imports ?? []) files.add(imported);
      }
      const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
      return { route: route.id, files: files.size, kbGzip: Math.round((bytes / 1024) * 10) / 10 };
    })
    .sort((a, b) => b.kbGzip - a.kbGzip);
}
