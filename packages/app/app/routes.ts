import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The site map (spec section 2). Disabled pages are absent and answer 404 through the catch-all. */
export default [
  index("routes/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
