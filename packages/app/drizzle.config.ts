import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  driver: "pglite",
  schema: "./app/server/db/schema.server.ts",
  out: "./drizzle",
  dbCredentials: { url: "memory://" },
});
