// The staff desk's routes as app/routes.ts declares them, so a test walks every one without a hand-kept list.
import routes from "../../../app/routes";

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

export interface DeskRouteEntry {
  /** The whole path, as the desk's access table names it (`staff/leads/:id`). */
  path: string;
  file: string;
  /** The layouts above it, outermost first. */
  layouts: string[];
}

/** Every route of the site map whose path is `staff` or under `staff/`, wherever it sits. */
export function deskRoutesOfConfig(config: readonly ConfigEntry[] = routes as ConfigEntry[]): DeskRouteEntry[] {
  const found: DeskRouteEntry[] = [];
  const walk = (entries: readonly ConfigEntry[], prefix: string, layouts: string[]) => {
    for (const entry of entries) {
      const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      // A parent with a path is a route too (its loader runs): only pathless layouts are left out.
      const isDesk = path === "staff" || path.startsWith("staff/");
      if (isDesk && (entry.path !== undefined || entry.index)) found.push({ path, file: entry.file, layouts });
      if (entry.children) walk(entry.children, path, [...layouts, entry.file]);
    }
  };
  walk(config, "", []);
  return found;
}
