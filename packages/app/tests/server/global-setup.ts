// Optional global setup for the "app" Vitest project: builds the site once before any server test file starts. The
// test files also call ensureBuiltServer() themselves (it is cheap when the build is fresh), so registering this only
// moves the build out of the first file's beforeAll.
import { ensureBuiltServer } from "./support/built-server";

export default async function setup(): Promise<void> {
  await ensureBuiltServer();
}
