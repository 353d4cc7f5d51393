// Waiting on conditions instead of sleeping for fixed times.
import type { RelayLogger } from "../../app/server/outbox/relay.server";

/** Polls `check` until it returns a value other than undefined, null or false; rejects after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 20_000, everyMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Resolves once the page at `url` shows `count` made photos in its gallery: the photo job makes the fixtures' photos
 * in the background after a server starts (ADR 380).
 */
export async function waitForPhotos(url: string, count: number): Promise<void> {
  await until(
    `${count} photos on ${url}`,
    async () => {
      const response = await fetch(url).catch(() => null);
      return response?.ok === true && (await response.text()).includes(`, photo ${count} of ${count}"`);
    },
    { timeoutMs: 120_000, everyMs: 250 },
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A relay logger that keeps what it was told, for tests to read instead of printing it. */
export function recordingLogger(): RelayLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warn: ${message}`),
    error: (message, error) => lines.push(`error: ${message}${error ? ` ${String(error)}` : ""}`),
  };
}
