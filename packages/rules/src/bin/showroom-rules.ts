import { main } from "./cli";

// The package bin: `showroom-rules check [dir]` and `showroom-rules simulate --book <file>` (see cli.ts).
process.exitCode = await main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
