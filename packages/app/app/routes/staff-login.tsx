import { Form } from "react-router";
import { TextField } from "../components/forms/fields";
import { BUTTON, DeskHeading, DeskMessage, deskMeta } from "../components/staff/desk";
import type { Route } from "./+types/staff-login";
import { signInPage, submitPassword } from "./staff-sign-in.server";

export const loader = ({ request, context }: Route.LoaderArgs) => signInPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => submitPassword(request, context);
export const meta = () => deskMeta("Sign in");

/** Step one of two: email and password. A plain form post, so it works without JavaScript. */
export default function StaffLogin({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md">
      <DeskHeading>Sign in to the staff desk</DeskHeading>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      <Form method="post" reloadDocument className="mt-6 grid gap-5">
        <TextField
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={actionData?.email}
        />
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required />
        <button type="submit" className={BUTTON}>
          Continue
        </button>
      </Form>
    </div>
  );
}
