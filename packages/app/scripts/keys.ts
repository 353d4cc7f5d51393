// `npm run keys -w packages/app -- status | rotate | generate`: the master keys that seal personal data (ADR 190).
// Reads DATABASE_URL / DATA_DIR / DATA_KEY / DATA_KEYS_PREVIOUS like the server; on the embedded database it takes the
// data-directory lock, so it refuses to run beside a server that holds it.
import { randomBytes } from "node:crypto";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { UnknownKeyError } from "../app/server/crypto/envelope.server";
import { generateStoredKey, loadKeyring } from "../app/server/crypto/keyring.server";
import { keyUsage, rewrapAll } from "../app/server/crypto/rotate.server";
import { openDatabaseForCommand } from "../app/server/db/command.server";

const USAGE = `Usage:
  npm run keys -w packages/app -- status     the current master key and how many records each key wraps
  npm run keys -w packages/app -- rotate     re-wraps every record under a new master key:
      with DATA_KEY set, the new key is DATA_KEY (put the old one in DATA_KEYS_PREVIOUS while this runs);
      without it, a new key is generated into DATA_DIR/keys and made current
  npm run keys -w packages/app -- generate   prints a new random key for DATA_KEY (base64, 32 bytes)`;

async function run(args: readonly string[]): Promise<number> {
  const [command] = args;
  if (command === "generate") {
    console.log(randomBytes(32).toString("base64"));
    return 0;
  }
  if (command !== "status" && command !== "rotate") {
    console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabaseForCommand(config);
  if (!database) return 1;
  try {
    if (command === "rotate" && !config.DATA_KEY) {
      const key = generateStoredKey(config);
      console.log(`New master key ${key.id} generated into ${config.DATA_DIR}/keys and made current.`);
    }
    const keyring = loadKeyring(config);
    if (command === "rotate") {
      const done = await rewrapAll(database.db, keyring);
      for (const [table, n] of Object.entries(done)) console.log(`${table}: ${n} record(s) re-wrapped`);
    }
    console.log(`Current master key: ${keyring.current.id}`);
    const usage = await keyUsage(database.db);
    if (usage.length === 0) console.log("No sealed records yet.");
    for (const row of usage) {
      const mark = row.keyId === keyring.current.id ? "current" : keyring.get(row.keyId) ? "readable" : "MISSING";
      console.log(`  ${row.table}: ${row.records} record(s) under ${row.keyId} (${mark})`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UnknownKeyError) {
      console.error(`${error.message}\nAdd the old key to DATA_KEYS_PREVIOUS and run rotate again.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
