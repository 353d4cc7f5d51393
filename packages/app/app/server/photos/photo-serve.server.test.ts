import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { photosDir } from "./photo-files.server";
import { photoFile } from "./photo-serve.server";

const dataDir = mkdtempSync(join(tmpdir(), "showroom-photo-serve-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const NAME = "0123456789abcdef0123456789abcdef";
mkdirSync(photosDir(dataDir), { recursive: true });
writeFileSync(join(photosDir(dataDir), `${NAME}-960.webp`), "webp bytes");
writeFileSync(join(photosDir(dataDir), `${NAME}-1440.jpg`), "jpeg bytes");
writeFileSync(join(dataDir, "secret.txt"), "not a photo");
writeFileSync(join(photosDir(dataDir), `${NAME}-960.webp.123.part`), "half");

describe("serving a made photo", () => {
  it("answers a photo by its content-hashed name, immutable for a year, with its type", async () => {
    const response = await photoFile(dataDir, `${NAME}-960.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("webp bytes");
  });

  it("answers the ad feeds' JPEG as image/jpeg", async () => {
    const response = await photoFile(dataDir, `${NAME}-1440.jpg`);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(await response.text()).toBe("jpeg bytes");
  });

  it.each([
    "../secret.txt",
    "..%2Fsecret.txt",
    `../../${NAME}-960.webp`,
    `${NAME}-960.webp.123.part`,
    `${NAME}-961.webp`,
    `${NAME}-960.jpg`,
    `${NAME}-1440.jpeg`,
    `${NAME}-1440.JPG`,
    `${NAME.toUpperCase()}-960.webp`,
    `${NAME}-960.avif`,
    "",
    undefined,
  ])("anything but a made photo's name is a 404: %s", async (name) => {
    const response = await photoFile(dataDir, name);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBeNull();
  });
});
