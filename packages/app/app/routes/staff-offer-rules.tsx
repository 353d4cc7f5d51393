import { Fragment } from "react";
import { Form, Link } from "react-router";
import { TextAreaField, TextField } from "../components/forms/fields";
import { FileField } from "../components/forms/file-field";
import {
  BUTTON,
  CELL,
  DeskHeading,
  DeskMessage,
  DeskTable,
  deskMeta,
  formatWhen,
  LINK,
  SECONDARY_BUTTON,
} from "../components/staff/desk";
import { BookComparisonView, counted } from "../components/staff/offer-comparison";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-offer-rules";
import { deskAction } from "./desk-action.server";
import { offerRulesAction, offerRulesPage } from "./staff-offer-rules.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return offerRulesPage(deskOf(context), new URL(request.url));
}

export const action = deskAction(offerRulesAction);

export const meta = () => deskMeta("Offer rules");

type PageData = Route.ComponentProps["loaderData"];
type Review = Extract<NonNullable<Route.ComponentProps["actionData"]>, { kind: "review" }>;

function Versions({ versions }: { versions: PageData["versions"] }) {
  return (
    <section className="mt-8" aria-labelledby="versions">
      <h2 id="versions" className="text-xl font-semibold">
        Published versions
      </h2>
      <DeskTable
        caption="Published offer rule versions, newest (the live one) first"
        headers={["Version", "Hash", "Author", "Published", "Note", "Live"]}
        empty={
          versions.length === 0 &&
          "No offer rules published yet: the site prices with the rules that ship with it. Publish a candidate below."
        }
      >
        {versions.map((v) => (
          <tr key={v.version}>
            <td className={CELL}>{v.version}</td>
            <td className={`${CELL} font-mono`}>{v.hash}</td>
            <td className={CELL}>{v.author}</td>
            <td className={CELL}>{formatWhen(v.publishedAt)}</td>
            <td className={CELL}>
              {v.note}
              {v.rollbackOf === null ? null : <p className="text-slate-700">Rollback to version {v.rollbackOf}</p>}
            </td>
            <td className={CELL}>
              {v.live ? (
                <strong>Live</strong>
              ) : (
                <Form method="post" reloadDocument>
                  <input type="hidden" name="intent" value="rollback" />
                  <input type="hidden" name="version" value={v.version} />
                  <button type="submit" className={SECONDARY_BUTTON} aria-label={`Roll back to version ${v.version}`}>
                    Roll back to this
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </DeskTable>
    </section>
  );
}

function CandidateReview({ review, recentOffers }: { review: Review; recentOffers: number }) {
  const passes = review.problems.length === 0;
  return (
    <section className="mt-8" aria-labelledby="candidate">
      <h2 id="candidate" className="text-xl font-semibold">
        Candidate
      </h2>
      <p className="mt-1 text-slate-700">Files: {review.candidate.map((file) => file.name).join(", ")}.</p>
      {passes ? (
        <DeskMessage tone="notice">
          The check found no problems. Content hash {review.hash}.
          {review.defaulted.length > 0 ? ` The site’s own rules apply to ${review.defaulted.join(", ")}.` : ""}
          {review.ignored.length > 0
            ? ` Checked but not offer rules, so not published: ${review.ignored.join(", ")}.`
            : ""}
        </DeskMessage>
      ) : (
        <DeskMessage tone="error">
          <p>
            The check found {counted(review.problems.length, "problem", "problems")}. Nothing can be published until
            they are fixed.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {review.problems.map((problem, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; the list never reorders.
              <li key={i}>
                <strong>{problem.where}</strong>: {problem.subject ? `${problem.subject}: ` : ""}
                {problem.message}
              </li>
            ))}
          </ul>
        </DeskMessage>
      )}
      {review.sampleBook ? (
        <BookComparisonView id="sample-book" title="On the sample book" comparison={review.sampleBook} />
      ) : null}
      {passes ? (
        review.recentOffers ? (
          <BookComparisonView
            id="recent-offers"
            title={`On the inputs of the last ${recentOffers} offers made on the site`}
            comparison={review.recentOffers}
          />
        ) : (
          <p className="mt-6 text-slate-700">The site has made no offer with a valuation yet to compare on.</p>
        )
      ) : null}
      {passes ? (
        <Form method="post" reloadDocument className="mt-6 grid max-w-2xl gap-3">
          <input type="hidden" name="intent" value="publish" />
          {review.candidate.map((file) => (
            <Fragment key={file.name}>
              <input type="hidden" name="candidateName" value={file.name} />
              <input type="hidden" name="candidateText" value={file.text} />
            </Fragment>
          ))}
          <TextField name="note" label="What changed and why" hint="One line, kept with the version." required />
          <div>
            <button type="submit" className={BUTTON}>
              Publish this candidate
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** Published offer rule versions, rollback, and a candidate checked and compared before it is published. */
export default function StaffOfferRules({ loaderData, actionData }: Route.ComponentProps) {
  const { limits } = loaderData;
  return (
    <>
      <DeskHeading>Offer rules</DeskHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        The site prices sell and trade offers with the newest published version; every server switches to a new one
        within 2 seconds. Rolling back publishes an earlier version again. Each publish and rollback is in the audit
        trail.
      </p>
      {loaderData.folderOverride ? (
        <DeskMessage tone="notice">
          This server prices with the rule folder set in OFFER_RULES_DIR, which overrides the published versions.
        </DeskMessage>
      ) : null}
      {loaderData.published ? (
        <DeskMessage tone="notice">Version {loaderData.published} published: it is live.</DeskMessage>
      ) : null}
      {loaderData.unchanged ? (
        <DeskMessage tone="notice">The live version already has these rules: nothing was published.</DeskMessage>
      ) : null}
      {actionData?.kind === "error" ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {actionData?.kind === "review" ? (
        <CandidateReview review={actionData} recentOffers={limits.recentOffers} />
      ) : null}
      <Versions versions={loaderData.versions} />
      <section className="mt-8" aria-labelledby="check">
        <h2 id="check" className="text-xl font-semibold">
          Check a candidate
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          Upload the rule folder’s files, or edit one file of the live version. The candidate is checked and compared
          with the live rules before anything is published.
        </p>
        <Form method="post" encType="multipart/form-data" reloadDocument className="mt-4 grid max-w-2xl gap-3">
          <input type="hidden" name="intent" value="preview" />
          <FileField
            name="files"
            label="Rule files"
            accept=".json,application/json"
            multiple
            hint={`Up to ${limits.files} .json files of ${limits.kib} KiB each.`}
            required
          />
          <div>
            <button type="submit" className={BUTTON}>
              Check the uploaded files
            </button>
          </div>
        </Form>
        <h3 className="mt-6 text-lg font-semibold">Edit a file</h3>
        <ul className="mt-2 flex flex-wrap gap-4">
          {loaderData.files.map((name) => (
            <li key={name}>
              <Link
                to={`?edit=${encodeURIComponent(name)}#edit`}
                className={`${LINK} inline-flex min-h-11 items-center`}
                aria-current={name === loaderData.editing ? "page" : undefined}
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="post" reloadDocument id="edit" className="mt-2 grid gap-3">
          <input type="hidden" name="intent" value="preview" />
          <input type="hidden" name="editFile" value={loaderData.editing} />
          <TextAreaField
            name="editText"
            label={`${loaderData.editing}, from the live version`}
            rows={20}
            defaultValue={loaderData.editText}
            required
          />
          <div>
            <button type="submit" className={BUTTON}>
              Check this edit
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
