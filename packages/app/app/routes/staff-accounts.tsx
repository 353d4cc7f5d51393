import { Form } from "react-router";
import { SelectField } from "../components/forms/fields";
import {
  CELL,
  DeskHeading,
  DeskMessage,
  DeskTable,
  deskMeta,
  formatWhen,
  SECONDARY_BUTTON,
} from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { listAccounts } from "../server/staff/accounts.server";
import { ROLE_LABELS } from "../server/staff/desk.server";
import type { Route } from "./+types/staff-accounts";
import { deskAction } from "./desk-action.server";
import { accountAction } from "./staff-admin.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const now = Date.now();
  const accounts = await listAccounts(services.db);
  return {
    me: staff.email,
    accounts: accounts.map((a) => ({
      email: a.email,
      role: a.role,
      roleLabel: ROLE_LABELS[a.role],
      state: a.disabled ? "Disabled" : a.lockedUntil && a.lockedUntil.getTime() > now ? "Locked" : "Active",
      disabled: a.disabled,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

export const action = deskAction(accountAction);

export const meta = () => deskMeta("Accounts");

const ROLES = [
  { value: "sales", label: "Sales" },
  { value: "finance", label: "Finance" },
  { value: "analyst", label: "Analyst" },
  { value: "admin", label: "Admin" },
];

/** The accounts; new ones and new authenticators come from `npm run staff`, which shows the QR code once. */
export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHeading>Accounts</DeskHeading>
      <p className="mt-2 text-slate-700">
        Add an account or reset an authenticator with <code>npm run staff -w packages/app -- add</code> or{" "}
        <code>reset-mfa</code> on the server: the enrollment code is shown there once.
      </p>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      <DeskTable caption="Staff accounts" headers={["Email", "Role", "State", "Since", "Change"]}>
        {loaderData.accounts.map((a) => (
          <tr key={a.email}>
            <td className={CELL}>{a.email}</td>
            <td className={CELL}>{a.roleLabel}</td>
            <td className={CELL}>{a.state}</td>
            <td className={CELL}>{formatWhen(a.createdAt)}</td>
            <td className={CELL}>
              {a.email === loaderData.me ? (
                "You"
              ) : (
                <div className="flex flex-wrap items-end gap-3">
                  <Form method="post" reloadDocument className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="email" value={a.email} />
                    <SelectField
                      id={`role-${a.email}`}
                      name="role"
                      label={`Role of ${a.email}`}
                      placeholder="Choose a role"
                      options={ROLES}
                      defaultValue={a.role}
                      required
                    />
                    <button type="submit" className={SECONDARY_BUTTON}>
                      Set role
                    </button>
                  </Form>
                  <Form method="post" reloadDocument>
                    <input type="hidden" name="intent" value={a.disabled ? "enable" : "disable"} />
                    <input type="hidden" name="email" value={a.email} />
                    <button type="submit" className={SECONDARY_BUTTON}>
                      {a.disabled ? "Enable" : "Disable"} <span className="sr-only">{a.email}</span>
                    </button>
                  </Form>
                </div>
              )}
            </td>
          </tr>
        ))}
      </DeskTable>
    </>
  );
}
