// Where the running site and a command meet (ADR 385): a Unix socket and a token file in the data directory, both
// private to the user who owns it.
import { Buffer } from "node:buffer";
import { join } from "node:path";

const SOCKET_FILE = "showroom.sock";
const TOKEN_FILE = "showroom.command-token";

/** Linux keeps a socket's path in 108 bytes, the last a NUL; macOS in 104. A longer data directory has no channel. */
const MAX_SOCKET_PATH_BYTES = 103;

/** The socket's path in `dataDir`, or null when the path is too long for a Unix socket. */
export function socketPathOf(dataDir: string): string | null {
  const path = join(dataDir, SOCKET_FILE);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES ? path : null;
}

export const tokenPathOf = (dataDir: string) => join(dataDir, TOKEN_FILE);

/** The header the token travels in. */
export const TOKEN_HEADER = "x-showroom-command-token";
