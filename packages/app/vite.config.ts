import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const appModule = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The modules `entry` imports, directly or through others, without a dynamic `import()` between (minus `except`). */
function staticGraph(graph: ModuleGraph, entry: string, except: ReadonlySet<string> = new Set()): Set<string> {
  const found = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id) || except.has(id)) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Every page runs the root route's modules, and every shopper's page the site layout's: each set ships as one chunk
 * (`shell`, `site`) rather than a dozen, for fewer requests and one gzip stream (docs/decisions/440).
 */
function pageShellChunks() {
  let shell: Set<string> | undefined;
  let site: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    shell ??= staticGraph(graph, appModule("./app/root.tsx"));
    site ??= staticGraph(graph, appModule("./app/layouts/default.tsx"), shell);
    return shell.has(id) ? "shell" : site.has(id) ? "site" : null;
  };
}

// Workspace packages resolve to their TypeScript sources (docs/decisions/001).
const sourceFirst = (conditions: string[]) => ["showroom-source", ...conditions];

export default defineConfig({
  resolve: { conditions: sourceFirst(["module", "browser", "development|production"]) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM, React Router and React Router's client entry (docs/decisions/158).
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.tsx$/,
                },
                { name: pageShellChunks(), debugName: "shell and site" },
              ],
            },
          },
        },
      },
    },
    ssr: {
      resolve: {
        conditions: sourceFirst(["module", "node", "development|production"]),
        // drizzle-orm is bundled: Node re-reads a package's package.json for every module it loads from the package,
        // and drizzle's exports map is 179 kB (docs/decisions/437).
        noExternal: ["drizzle-orm"],
      },
      // The Express app is bundled with the routes, so both share one module graph (one router context, one database).
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
  build: {
    assetsInlineLimit: 0,
    // React Router preloads each route's chunks itself (and the server adds its own preload links, ADR 150); Vite's
    // helper would only wrap the few lazy imports (the live estimator, the credit stepper) at 0.8 kB on their pages.
    modulePreload: false,
  },
  plugins: [tailwindcss(), reactRouter()],
});
