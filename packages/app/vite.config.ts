import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Workspace packages resolve to their TypeScript sources (docs/decisions/001).
const sourceFirst = (conditions: string[]) => ["showroom-source", ...conditions];

export default defineConfig({
  resolve: { conditions: sourceFirst(["module", "browser", "development|production"]) },
  environments: {
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
