import type { RouterContextProvider } from "react-router";
import { readFormData } from "../content/form-data.server";
import { deskOf } from "../server/staff/access.server";
import type { Desk } from "../server/staff/desk.server";

/**
 * A desk page's action: the posted form, then `handle` with the signed-in desk. The body is read before the session
 * is looked at, so an unreadable body is a 4xx either way (ADR 306); the desk guard has refused anyone not allowed.
 */
export function deskAction<T>(handle: (desk: Desk, form: FormData) => Promise<T>) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<T> => {
    const form = await readFormData(request);
    return handle(deskOf(context), form);
  };
}
