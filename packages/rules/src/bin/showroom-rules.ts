import { callerFolder, main } from "./cli";

// The package bin (see cli.ts for the commands). A reader that stops early (`showroom-rules simulate | head`)
// closes the pipe: that ends the output quietly instead of crashing on EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`), callerFolder());
