// Staff desk accounts and sign-ins in Chromium, as an operator and a staff member do it: the account made with the
// staff CLI (the password on standard input, the TOTP secret read from the otpauth URI it prints), then the password
// step and the code step of the sign-in form.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { codeAt } from "../../../app/server/staff/totp.server";

export const STAFF_PASSWORD = "a long and unusual passphrase";
const APP = fileURLToPath(new URL("../../../", import.meta.url));

/** `npm run staff -- add <email> --role <role>` on the embedded database of `dataDir`: what it printed, and the secret. */
export function addStaffWithCli(dataDir: string, email: string, role: string): { out: string; secret: string } {
  const out = execFileSync("npm", ["run", "-s", "staff", "--", "add", email, "--role", role], {
    cwd: APP,
    input: `${STAFF_PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const uri = out.match(/otpauth:\/\/totp\/\S+/)?.[0];
  if (!uri) throw new Error(`The CLI printed no enrollment URI:\n${out}`);
  return { out, secret: new URL(uri).searchParams.get("secret") ?? "" };
}

/** The sign-in's first step: `email` and the test password; ends on the code step. */
export async function staffPasswordStep(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/staff/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${origin}/staff/verify`);
}

/** The sign-in's second step: posts `code`; the caller waits for where the desk answers. */
export async function staffCodeStep(page: Page, code: string): Promise<void> {
  await page.getByLabel("Code from your authenticator app").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs `email` in with the code of `at` (now by default; a code is accepted once, so a second sign-in of the same
 * account within 30 s takes the next step's) and ends on the desk's home.
 */
export async function signInStaff(
  page: Page,
  origin: string,
  email: string,
  secret: string,
  at = new Date(),
): Promise<void> {
  await staffPasswordStep(page, origin, email);
  await staffCodeStep(page, codeAt(secret, at));
  await page.waitForURL(`${origin}/staff`);
}
