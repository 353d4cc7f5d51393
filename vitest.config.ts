import { defineConfig } from "vitest/config";

// The root config takes the role of the old `vitest.workspace.ts`, which Vitest removed: one project per package.
// The "source" condition makes workspace packages resolve to their TypeScript sources, so tests need no build.
const resolve = { conditions: ["source", "module", "import", "default"] };

export default defineConfig({
  test: {
    projects: [
      { resolve, test: { name: "rules", root: "packages/rules", include: ["src/**/*.test.ts", "test/**/*.test.ts"] } },
      { resolve, test: { name: "forms", root: "packages/forms", include: ["src/**/*.test.ts"] } },
      { resolve, test: { name: "fixtures", root: "fixtures", include: ["src/**/*.test.ts", "scripts/**/*.test.ts"] } },
      {
        resolve,
        test: {
          name: "app",
          root: "packages/app",
          include: ["src/**/*.test.ts", "app/**/*.test.ts"],
          passWithNoTests: true,
        },
      },
    ],
  },
});
