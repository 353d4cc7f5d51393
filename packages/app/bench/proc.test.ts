import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM module of the bench, without types.
import { cpuMsOf, memoryOf, parseCpuTicks, parseStatus, processTree } from "./proc.mjs";

const STATUS = [
  "Name:\tnode",
  "VmPeak:\t 1178044 kB",
  "VmHWM:\t  601088 kB",
  "VmRSS:\t  195584 kB",
  "RssAnon:\t  140288 kB",
  "RssFile:\t   55296 kB",
  "Threads:\t11",
].join("\n");

describe("parseStatus", () => {
  it("reads VmHWM, VmRSS and RssAnon in bytes, not VmPeak (virtual) for the peak", () => {
    expect(parseStatus(STATUS)).toEqual({ peak: 601088 * 1024, rss: 195584 * 1024, anon: 140288 * 1024 });
  });

  it("gives null for a line the kernel did not write (a kernel thread has no memory lines)", () => {
    expect(parseStatus("Name:\tkthreadd\nThreads:\t1\n")).toEqual({ peak: null, rss: null, anon: null });
  });
});

describe("parseCpuTicks", () => {
  it("adds utime and stime counted from the last parenthesis, so a command name with spaces and parentheses is not misread", () => {
    const stat = "4242 (node (a) 1 2) S 4100 4242 20465 0 -1 4194304 99 0 0 0 731 88 0 0 20 0 11 0 467275 3133440 393";
    expect(parseCpuTicks(stat)).toBe(731 + 88);
  });

  it("refuses a line it cannot read rather than answer NaN", () => {
    expect(() => parseCpuTicks("garbage")).toThrow(/unreadable/);
  });
});

describe("processes read through /proc", () => {
  it("this process: a resident set no larger than its peak, and CPU time", () => {
    const memory = memoryOf(process.pid);
    expect(memory.rss).toBeGreaterThan(0);
    expect(memory.peak).toBeGreaterThanOrEqual(memory.rss);
    expect(cpuMsOf(process.pid)).toBeGreaterThan(0);
    // Above the largest pid Linux hands out (2^22), so never a live process.
    expect(memoryOf(2 ** 22 + 1)).toBeNull();
  });

  it("the tree of a process holds the process it started, the root first", async () => {
    const child = spawn("sleep", ["30"]);
    try {
      const tree = processTree(process.pid);
      expect(tree[0]).toBe(process.pid);
      expect(tree).toContain(child.pid);
    } finally {
      child.kill();
      await once(child, "exit");
    }
  });
});
