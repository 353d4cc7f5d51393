import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { answers } from "./global-setup";

describe("the PostgreSQL probe of the app tests' global setup", () => {
  it("finds a port something listens on, and not one nothing listens on", async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    expect(await answers("127.0.0.1", port)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await answers("127.0.0.1", port)).toBe(false);
  });
});
