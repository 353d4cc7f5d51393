import { Link } from "react-router";
import { DeskHeading, formatWhen, LINK } from "./desk";

const SKIPPED = new Set(["idempotencyKey", "website", "tcpaConsent"]);

/** `monthlyIncome` → "Monthly income"; `ssn` → "SSN". */
function labelOf(key: string): string {
  if (/^ssn$/i.test(key)) return "SSN";
  if (/^vin$/i.test(key)) return "VIN";
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The decrypted application, whatever its shape (pre-approval or full), as nested definition lists. */
function Details({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <ol className="grid gap-3">
        {value.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity beyond their order
          <li key={i} className="rounded-md border border-slate-200 p-3">
            <Details value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(
      ([key, inner]) => !SKIPPED.has(key) && inner !== undefined && inner !== null && inner !== "",
    );
    return (
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {entries.map(([key, inner]) => (
          <div key={key} className="contents">
            <dt className="font-semibold">{labelOf(key)}</dt>
            <dd>
              <Details value={inner} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  return <>{String(value)}</>;
}

export interface ApplicationViewData {
  id: string;
  reference: string;
  kind: string;
  status: string;
  statusLabel: string;
  store: string;
  name: string;
  createdAt: string;
  personal: Record<string, unknown>;
}

/**
 * An opened application: the listing columns, then whatever the applicant gave. `children` are the page's forms,
 * which stay off the printout with the desk's header, so the browser's Print gives the lender's copy.
 */
export function ApplicationView({
  application,
  children,
}: {
  application: ApplicationViewData;
  children?: React.ReactNode;
}) {
  return (
    <>
      <p className="print:hidden">
        <Link to="/staff/credit-applications" className={LINK}>
          All applications
        </Link>
      </p>
      <DeskHeading>
        {application.kind} {application.reference}
      </DeskHeading>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Name</dt>
        <dd>{application.name}</dd>
        <dt className="font-semibold">Store</dt>
        <dd>{application.store}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>{formatWhen(application.createdAt)}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{application.statusLabel}</dd>
      </dl>
      {children}
      <p className="mt-4 text-sm text-slate-700 print:hidden">
        To print it for a lender, use your browser’s Print: the desk’s menus and buttons are left out.
      </p>
      <section aria-labelledby="application-details" className="mt-8">
        <h2 id="application-details" className="text-xl font-semibold">
          What the applicant gave
        </h2>
        <div className="mt-4">
          <Details value={application.personal} />
        </div>
      </section>
    </>
  );
}
