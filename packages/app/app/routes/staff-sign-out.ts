import { redirect } from "react-router";
import type { Route } from "./+types/staff-sign-out";
import { submitSignOut } from "./staff-sign-in.server";

export const loader = () => redirect("/staff", 303);
export const action = ({ request, context }: Route.ActionArgs) => submitSignOut(request, context);
