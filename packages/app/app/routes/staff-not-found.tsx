import { data } from "react-router";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-not-found";

/** Any other /staff address: the sign-in first (nothing about the desk's map leaks), then 404. */
export async function loader({ context }: Route.LoaderArgs) {
  deskOf(context);
  throw data(null, { status: 404 });
}

export default function StaffNotFound() {
  return null;
}
