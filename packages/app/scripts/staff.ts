// `npm run staff -w packages/app -- add <email> --role <sales|finance|analyst|admin> | list | disable <email> |
// enable <email> | reset-mfa <email> | set-role <email> <role>`: the staff desk's accounts (docs/decisions/220). The password comes on
// standard input, never as an argument (it would stay in the shell history and in `ps`). Reads DATABASE_URL / DATA_DIR
// like the server; on the embedded database it refuses to run beside a server that holds it.
import { processContext, readPasswordFromStdin, staffCommand } from "./staff-command";

process.exitCode = await staffCommand(
  process.argv.slice(2),
  {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    password: readPasswordFromStdin,
  },
  processContext,
);
