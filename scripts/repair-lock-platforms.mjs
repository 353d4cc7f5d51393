#!/usr/bin/env node
// Adds the platform-specific optional packages that npm leaves out of package-lock.json when the registry it talks to
// serves only some platforms' builds (docs/decisions/004). `npm ci` refuses a lock that lacks them ("Missing: … from
// lock file"). Each added entry carries the os/cpu/libc npm uses to skip it, exactly as npm writes them when the
// registry has the package, so nothing is installed on a platform that does not need it.
// Usage: node scripts/repair-lock-platforms.mjs [--check]   (--check: exit 1 when entries are missing, write nothing)
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "sunos", "aix", "win32"];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

/** `@rollup/rollup-linux-arm-musleabihf` → { os: linux, cpu: arm, libc: musl } */
function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.map((t) => CPU[t]).find(Boolean);
  // WebAssembly builds name only their cpu; npm skips them wherever the cpu differs.
  if (cpu === "wasm32") return { cpu };
  if (!os || !cpu) return null;
  const libc = os !== "linux" ? undefined : tokens.some((t) => t.startsWith("musl")) ? "musl" : "glibc";
  return { os, cpu, libc };
}

const check = process.argv.includes("--check");
const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name} (optional dependency of ${path}) is missing and is not a platform build`);
    if (!/^\d+\.\d+\.\d+/.test(spec)) throw new Error(`${name}@${spec}: expected an exact version`);
    lock.packages[hoisted] = {
      version: spec,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
    };
    added.push(`${name}@${spec}`);
  }
}
if (check) {
  if (added.length) {
    console.error(
      `package-lock.json lacks ${added.length} platform packages; run: node scripts/repair-lock-platforms.mjs`,
    );
    process.exit(1);
  }
} else if (added.length) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Added ${added.length} platform packages to package-lock.json`);
}
