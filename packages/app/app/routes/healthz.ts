import { sql } from "drizzle-orm";
import { servicesContext } from "../context";
import type { Route } from "./+types/healthz";

/** Liveness and database reachability for a load balancer; also the minimal route benchmarks compare against. */
export async function loader({ context }: Route.LoaderArgs) {
  await context.get(servicesContext).db.execute(sql`select 1`);
  return new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
