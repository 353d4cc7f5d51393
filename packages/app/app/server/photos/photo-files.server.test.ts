// How the photo process's encoder meets an object store (ADR 441): each file is PUT as soon as it is made, smallest
// first, so a store that refuses is asked for one file and the rest are never encoded. Run in this process against a
// real S3 peer and a server that refuses everything, counting sharp's encodes.
import { createServer, type Server } from "node:http";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { S3_PEER_KEYS, type S3Peer, startS3Peer } from "../../../tests/support/s3-peer";
import { makePhotoFiles } from "./photo-files.server";
import type { PhotoStore } from "./photo-store";

const BUCKET = "showroom-photos";

describe("a photo's files made for an object store", () => {
  let peer: S3Peer;
  let refusing: Server;
  let asked: string[] = [];
  let source: Buffer;
  const storeAt = (endpoint: string): PhotoStore => ({
    bucket: BUCKET,
    prefix: "cars/",
    endpoint,
    region: "us-east-1",
    pathStyle: true,
    credentials: S3_PEER_KEYS,
  });

  beforeAll(async () => {
    peer = await startS3Peer(BUCKET);
    refusing = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(403, { "content-type": "application/xml" });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>');
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    source = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a6ea5" } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await peer?.close();
    await new Promise((resolve) => refusing?.close(resolve));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    asked = [];
  });

  it("a store that takes them gets all seven, each encoded once", async () => {
    const encodes = vi.spyOn(sharp.prototype, "toBuffer");
    const outcome = await makePhotoFiles(source, storeAt(peer.endpoint));
    expect(outcome).toMatchObject({ kind: "ready", width: 1440 });
    expect(encodes).toHaveBeenCalledTimes(7);
  });

  it("a store that refuses is asked for the smallest file only, and the other six are never encoded", async () => {
    const encodes = vi.spyOn(sharp.prototype, "toBuffer");
    const { port } = refusing.address() as { port: number };
    const outcome = await makePhotoFiles(source, storeAt(`http://127.0.0.1:${port}`));
    expect(outcome).toEqual({ kind: "failed", reason: "the photo store did not take its files (AccessDenied 403)" });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(new RegExp(`^PUT /${BUCKET}/cars/[0-9a-f]{32}-480\\.avif(\\?|$)`));
    expect(encodes).toHaveBeenCalledTimes(1);
  });
});
