import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

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
