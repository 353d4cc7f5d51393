// What Linux says about a process, read from /proc: its resident memory (status) and its CPU time (stat). The bench
// measures server processes it did not start in its own process (the site as `npm start` runs it, the reference app),
// so process.memoryUsage() and process.cpuUsage() cannot answer for them (ADR 364).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const KIB = 1024;

/**
 * The memory lines of /proc/<pid>/status, in bytes (null when absent): `peak` is VmHWM, the most the process has
 * held resident since it began; `rss` is VmRSS now; `anon` is RssAnon, the part that is not a mapped file.
 */
export function parseStatus(text) {
  const field = (name) => {
    const match = text.match(new RegExp(`^${name}:\\s+(\\d+) kB$`, "m"));
    return match ? Number(match[1]) * KIB : null;
  };
  return { peak: field("VmHWM"), rss: field("VmRSS"), anon: field("RssAnon") };
}

/**
 * User + system CPU time from /proc/<pid>/stat, in clock ticks. The command name (second field) is in parentheses and
 * may hold spaces and parentheses itself, so the fields are counted from the last ")".
 */
export function parseCpuTicks(text) {
  // After the name come state (field 3 in proc(5)) … utime (14) and stime (15).
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isInteger(ticks)) throw new Error(`unreadable /proc stat: ${text.slice(0, 80)}`);
  return ticks;
}

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The memory of `pid` (see parseStatus), or null once it has exited. */
export function memoryOf(pid) {
  try {
    return parseStatus(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null;
  }
}

/** User + system CPU time of `pid` so far, in ms (at the clock tick's resolution, 10 ms on Linux). */
export function cpuMsOf(pid) {
  return (parseCpuTicks(readFileSync(`/proc/${pid}/stat`, "utf8")) * 1000) / clockTicks();
}

/** The processes `pid` started (from each of its threads' children lists), or none once it has exited. */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** `pid` and every process below it (a cluster's primary and its workers), the root first. */
export function processTree(pid) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...childrenOf(tree[i]));
  return tree;
}
