import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deskRoutesOfConfig } from "../../../tests/server/support/desk-routes";
import { staffRoles } from "../db/schema.server";
import { DESK_ACCESS, type DeskAccess, deskLinks, deskVerdict } from "./access.server";
import { roleAllows } from "./sessions.server";

const ANY = ["sales", "finance", "analyst", "admin"] as const;
const SALES = ["sales", "finance", "admin"] as const;
const FINANCE = ["finance", "admin"] as const;
const ANALYST = ["analyst", "admin"] as const;
const ADMIN = ["admin"] as const;
type Who = "open" | readonly string[];

/**
 * Who may do what, written from the spec (section 9, the staff desk), not read from the table: sales works leads and
 * never sees pre-approval or full credit application data; finance also opens applications and reveals SSNs; admin
 * also accounts, the outbox, retention and the audit trail. An analyst (issue 30) publishes offer rules and sees no lead
 * or application; admin may too. `POST` maps each intent ("" for an action without one).
 */
const EXPECTED: Record<string, { GET: Who; POST?: Record<string, Who> }> = {
  "staff/login": { GET: "open" },
  "staff/verify": { GET: "open" },
  "staff/sign-out": { GET: "open" },
  staff: { GET: ANY },
  "staff/leads": { GET: SALES },
  "staff/leads/:id": { GET: SALES },
  "staff/leads/export": { GET: SALES },
  "staff/credit-applications": { GET: FINANCE },
  "staff/credit-applications/:id": { GET: FINANCE, POST: { "": FINANCE } },
  "staff/credit-applications/:id/ssn": { GET: FINANCE, POST: { "": FINANCE } },
  "staff/accounts": { GET: ADMIN, POST: { disable: ADMIN, enable: ADMIN, role: ADMIN } },
  "staff/outbox": { GET: ADMIN, POST: { "": ADMIN } },
  "staff/retention": { GET: ADMIN, POST: { "": ADMIN } },
  "staff/audit": { GET: ADMIN },
  // Issue 29: what the ad feeds leave out and why, cars only, for every role.
  "staff/listing-feeds": { GET: ANY },
  // Issue 29: each store's feed pulls (cars and rejected rows, no shopper) for every role; applying a held feed, which
  // may mark many cars sold, for admin.
  "staff/inventory-feeds": { GET: ANY, POST: { "": ADMIN } },
  // Issue 29: find a car (cars only) for every role; hiding it or correcting its price, which every shopper and ad
  // platform sees, for admin (ADR 396).
  "staff/inventory": { GET: ANY, POST: { hide: ADMIN, show: ADMIN, price: ADMIN, restore: ADMIN } },
  "staff/offer-rules": { GET: ANALYST, POST: { preview: ANALYST, publish: ANALYST, rollback: ANALYST } },
  // Issue 30: counts and prices per offer-rules version in an experiment, no shopper; read-only.
  "staff/offer-experiments": { GET: ANALYST },
  "staff/*": { GET: ANY },
};

/** Who the table lets do `method` (with `intent`) on `path`: "open", or the roles its least role lets in. */
function whoTableAllows(table: Readonly<Record<string, DeskAccess>>, path: string, method: string, intent: string) {
  const verdict = deskVerdict(table, path, method, intent === "" ? null : intent);
  if (verdict.kind === "open") return "open";
  if (verdict.kind === "refused") return [];
  const least = verdict.least;
  return staffRoles.filter((role) => roleAllows(role, least));
}

/** Every difference between the table's answers and the spec's. */
function differences(table: Readonly<Record<string, DeskAccess>>): string[] {
  const found: string[] = [];
  for (const [path, expected] of Object.entries(EXPECTED)) {
    const get = whoTableAllows(table, path, "GET", "");
    if (JSON.stringify(get) !== JSON.stringify(expected.GET)) found.push(`GET ${path}: ${get} (spec: ${expected.GET})`);
    for (const [intent, who] of Object.entries(expected.POST ?? {})) {
      const post = whoTableAllows(table, path, "POST", intent);
      if (JSON.stringify(post) !== JSON.stringify(who)) found.push(`POST ${path} ${intent}: ${post} (spec: ${who})`);
    }
  }
  return found;
}

describe("the desk's access table", () => {
  it("names every /staff route of app/routes.ts, and only those, and every one sits under the guarded desk layout", () => {
    const routes = deskRoutesOfConfig();
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect([route.path, route.layouts]).toEqual([route.path, ["layouts/staff.tsx"]]);
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(DESK_ACCESS).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(DESK_ACCESS).sort());
  });

  it("a desk route missing from the table is found", () => {
    const withNew = [
      { file: "layouts/staff.tsx", children: [{ file: "routes/staff-new.tsx", path: "staff/new-thing" }] },
    ];
    const paths = deskRoutesOfConfig(withNew).map((r) => r.path);
    expect(paths.filter((p) => !Object.hasOwn(DESK_ACCESS, p))).toEqual(["staff/new-thing"]);
  });

  it("answers exactly as the spec says for every route, method and intent", () => {
    expect(differences(DESK_ACCESS)).toEqual([]);
  });

  it("would catch the issue's mutation: the application page or Reveal SSN open to sales", () => {
    const withEntry = (path: string, access: DeskAccess) => ({ ...DESK_ACCESS, [path]: access });
    const detailToSales = withEntry("staff/credit-applications/:id", { get: "sales", post: "finance" });
    expect(differences(detailToSales)).toContain(
      "GET staff/credit-applications/:id: sales,finance,admin (spec: finance,admin)",
    );
    const revealToSales = withEntry("staff/credit-applications/:id/ssn", { get: "finance", post: "sales" });
    // A POST also runs the page's loaders, so its least role is never below the page's: the reveal stays finance.
    expect(differences(revealToSales)).toEqual([]);
    const bothToSales = withEntry("staff/credit-applications/:id/ssn", { get: "sales", post: "sales" });
    expect(differences(bothToSales)).toEqual([
      "GET staff/credit-applications/:id/ssn: sales,finance,admin (spec: finance,admin)",
      "POST staff/credit-applications/:id/ssn : sales,finance,admin (spec: finance,admin)",
    ]);
  });

  it("refuses by default: an unknown route (404), a method the route takes not (405), an unknown intent (400)", () => {
    expect(deskVerdict(DESK_ACCESS, "staff/not-in-the-table", "GET", null)).toEqual({ kind: "refused", status: 404 });
    const refused = (status: number, least: string) => ({ kind: "refused", status, least });
    expect(deskVerdict(DESK_ACCESS, "staff/audit", "POST", null)).toEqual(refused(405, "admin"));
    expect(deskVerdict(DESK_ACCESS, "staff/leads", "DELETE", null)).toEqual(refused(405, "sales"));
    expect(deskVerdict(DESK_ACCESS, "staff/accounts", "POST", null)).toEqual(refused(400, "admin"));
    expect(deskVerdict(DESK_ACCESS, "staff/accounts", "POST", "toString")).toEqual(refused(400, "admin"));
    expect(deskVerdict(DESK_ACCESS, "constructor", "GET", null)).toEqual({ kind: "refused", status: 404 });
  });

  it("property: any path or intent the table does not name is refused, whatever the method", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE"),
        fc.option(fc.string()),
        (path, method, intent) => {
          fc.pre(!Object.hasOwn(DESK_ACCESS, path));
          expect(deskVerdict(DESK_ACCESS, path, method, intent).kind).toBe("refused");
        },
      ),
    );
  });

  it("the navigation offers a role only the pages the table lets it open", () => {
    expect(deskLinks("sales").map((l) => l.href)).toEqual([
      "/staff/leads",
      "/staff/listing-feeds",
      "/staff/inventory",
      "/staff/inventory-feeds",
    ]);
    expect(deskLinks("finance").map((l) => l.href)).toEqual([
      "/staff/leads",
      "/staff/credit-applications",
      "/staff/listing-feeds",
      "/staff/inventory",
      "/staff/inventory-feeds",
    ]);
    expect(deskLinks("analyst").map((l) => l.href)).toEqual([
      "/staff/listing-feeds",
      "/staff/inventory",
      "/staff/inventory-feeds",
      "/staff/offer-rules",
      "/staff/offer-experiments",
    ]);
    expect(deskLinks("admin")).toHaveLength(11);
  });

  it("an analyst reaches no lead, application, account or audit page, and neither sales nor finance the offer rules or experiments", () => {
    const analystOpens = Object.keys(DESK_ACCESS).filter((path) => {
      const verdict = deskVerdict(DESK_ACCESS, path, "GET", null);
      return verdict.kind === "role" && roleAllows("analyst", verdict.least);
    });
    expect(analystOpens.sort()).toEqual([
      "staff",
      "staff/*",
      "staff/inventory",
      "staff/inventory-feeds",
      "staff/listing-feeds",
      "staff/offer-experiments",
      "staff/offer-rules",
    ]);
    for (const role of ["sales", "finance"] as const) {
      const experiments = deskVerdict(DESK_ACCESS, "staff/offer-experiments", "GET", null);
      expect(experiments.kind === "role" && roleAllows(role, experiments.least)).toBe(false);
      for (const intent of ["preview", "publish", "rollback"]) {
        const verdict = deskVerdict(DESK_ACCESS, "staff/offer-rules", "POST", intent);
        expect(verdict.kind === "role" && roleAllows(role, verdict.least)).toBe(false);
      }
    }
  });
});
