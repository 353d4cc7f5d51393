// A real S3 protocol peer in the test's process (s3rver), as smtp-peer.ts is for mail: one bucket in a temporary
// folder, the SDK client that reads it back, and s3rver's own key pair. A request signed with any other access key id
// is refused with a 403 (InvalidAccessKeyId); s3rver does not recompute SigV4 signatures, so a wrong secret alone passes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export const S3_PEER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Peer {
  /** `http://127.0.0.1:<port>`: path-style addresses, `endpoint/bucket/key`. */
  readonly endpoint: string;
  /** A client of the peer, to look at what landed. */
  readonly s3: S3Client;
  close(): Promise<void>;
}

/** Starts the peer with `bucket` made and empty. */
export async function startS3Peer(bucket: string): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), "showroom-s3-"));
  const peer = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await peer.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_PEER_KEYS });
  return {
    endpoint,
    s3,
    async close() {
      s3.destroy();
      await peer.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
