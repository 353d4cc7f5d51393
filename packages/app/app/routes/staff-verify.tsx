import { Form, Link } from "react-router";
import { TextField } from "../components/forms/fields";
import { BUTTON, DeskHeading, DeskMessage, deskMeta, LINK } from "../components/staff/desk";
import type { Route } from "./+types/staff-verify";
import { submitCode, verifyPage } from "./staff-sign-in.server";

export const loader = ({ request, context }: Route.LoaderArgs) => verifyPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => submitCode(request, context);
export const meta = () => deskMeta("Enter your code");

/** Step two of two: the six digits the authenticator app shows now. */
export default function StaffVerify({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md">
      <DeskHeading>Enter your code</DeskHeading>
      {actionData?.error ? (
        <DeskMessage tone="error">
          {actionData.error}
          {actionData.restart ? (
            <>
              {" "}
              <Link to="/staff/login" reloadDocument className={LINK}>
                Sign in again
              </Link>
            </>
          ) : null}
        </DeskMessage>
      ) : null}
      <Form method="post" reloadDocument className="mt-6 grid gap-5">
        <TextField
          name="code"
          label="Code from your authenticator app"
          hint="Six digits; a new one every 30 seconds."
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
        />
        <button type="submit" className={BUTTON}>
          Sign in
        </button>
      </Form>
    </div>
  );
}
