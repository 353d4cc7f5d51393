// The load generator, in its own process (forked by load.mjs) so it has a core to itself and never shares the
// server's event loop. Receives { id, url, connections, seconds, paths? } over IPC and answers { id, result } with the
// parts of autocannon's result the report uses.
import autocannon from "autocannon";

/** What a phone's Chrome sends for a page: so compression and the non-bot (streaming) render path are measured. */
const HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-US,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

let next = 0;

process.on("message", async ({ id, url, connections, seconds, paths }) => {
  try {
    // With `paths`, the connections together request them in turn, over and over: one load spread over several pages,
    // each page asked for once per pass whichever connection asks (not every connection starting at the first), and a
    // run going on where the last one stopped (the pages a run just asked for are not asked for again at once).
    const requests = paths?.length
      ? [
          {
            method: "GET",
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ]
      : undefined;
    const r = await autocannon({
      url,
      connections,
      duration: seconds,
      pipelining: 1,
      headers: HEADERS,
      ...(requests ? { requests } : {}),
    });
    process.send({
      id,
      result: {
        requestsPerSecond: r.requests.average,
        requestsTotal: r.requests.total,
        latency: {
          mean: r.latency.average,
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
        },
        throughputBytesPerSecond: r.throughput.average,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      },
    });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.on("disconnect", () => process.exit(0));
