// The desk's offer rules page (issue 30, ADR 343): published versions, rollback, and a candidate checked and compared
// before it can be published. Publishing and rollback are the command line's own functions (ADR 341): the same check,
// the same version row and audit row in one transaction.
import { formatRuleProblem, type RuleProblem } from "@showroom/rules/offer";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  listOfferRuleVersions,
  newestOfferRuleVersion,
  type PublishResult,
  publishOfferRules,
  rollbackOfferRules,
} from "../server/sell/offer-rule-versions.server";
import {
  type CandidateReview,
  carriedCandidate,
  EDITABLE_FILES,
  editedCandidate,
  liveRules,
  MAX_RULE_FILE_BYTES,
  MAX_UPLOADED_FILES,
  offerRuleVersionTexts,
  RECENT_OFFERS,
  reviewCandidate,
  uploadedCandidate,
} from "../server/sell/offer-rules-desk.server";
import type { Desk } from "../server/staff/desk.server";

const PAGE = "/staff/offer-rules";

/** What the page shows: the versions (newest, the live one, first) and the file being edited. */
export async function offerRulesPage(desk: Desk, url: URL) {
  const { db } = desk.services;
  const [versions, live] = await Promise.all([listOfferRuleVersions(db), liveRules(db)]);
  const asked = url.searchParams.get("edit") ?? "";
  const editing = EDITABLE_FILES.includes(asked) ? asked : (EDITABLE_FILES[0] as string);
  const number = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  return {
    versions: versions.map((v, i) => ({
      version: v.version,
      hash: v.contentHash,
      author: v.author,
      publishedAt: v.publishedAt.toISOString(),
      note: v.note,
      rollbackOf: v.rollbackOf,
      live: i === 0,
    })),
    files: EDITABLE_FILES,
    editing,
    editText: live.texts.get(editing) ?? "",
    /** This server prices with OFFER_RULES_DIR, not the published versions (ADR 201). */
    folderOverride: desk.services.sell.offerRules.current().dir !== null,
    published: number("published"),
    unchanged: url.searchParams.has("unchanged"),
    limits: { files: MAX_UPLOADED_FILES, kib: MAX_RULE_FILE_BYTES / 1024, recentOffers: RECENT_OFFERS },
  };
}

/** A problem of the check as the page says it: the file, line and column in words, then what to write. */
function problemView(problem: RuleProblem) {
  const where =
    problem.line === undefined
      ? `${problem.file}, at ${problem.path}`
      : `${problem.file}, line ${problem.line}, column ${problem.column ?? 1}`;
  return {
    where,
    subject: problem.subject ?? null,
    message: problem.message,
    /** The line `showroom-rules check` prints for the same problem. */
    line: formatRuleProblem(problem),
  };
}

function reviewView(texts: ReadonlyMap<string, string>, review: CandidateReview) {
  const { loaded } = review;
  return {
    kind: "review" as const,
    candidate: [...texts].map(([name, text]) => ({ name, text })),
    problems: loaded.ok ? [] : loaded.problems.map(problemView),
    hash: loaded.ok ? loaded.version : null,
    defaulted: loaded.ok ? loaded.report.defaulted : [],
    ignored: loaded.ok ? [...texts.keys()].filter((name) => !loaded.texts.has(name)) : [],
    sampleBook: review.sampleBook,
    recentOffers: review.recentOffers,
  };
}

const failed = (error: string, status = 400) => data({ kind: "error" as const, error }, { status });

const noteSchema = z
  .string()
  .trim()
  .max(500, "Keep the note under 500 characters.")
  .refine((text) => !/[\r\n]/.test(text), "Write the note on one line.");
const publishNote = noteSchema.pipe(z.string().min(1, "Say what changed and why in the note."));
const rollbackForm = z.object({
  version: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  note: noteSchema.optional(),
});

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * After a publish or a rollback: back to the versions; the review again with the check's problems (no publish
 * button); or, for rules the newest version already has, back with a notice that nothing was published.
 */
async function settled(desk: Desk, texts: ReadonlyMap<string, string>, result: PublishResult, unchanged: boolean) {
  if (result.ok) return redirect(`${PAGE}?published=${result.published.version}`, 303);
  if (result.problems) {
    const review = await reviewCandidate(desk.services.db, await liveRules(desk.services.db), texts);
    return data(reviewView(texts, review), { status: 400 });
  }
  return unchanged ? redirect(`${PAGE}?unchanged=1`, 303) : failed(result.reason, 404);
}

export async function offerRulesAction(desk: Desk, form: FormData) {
  const intent = field(form, "intent");
  const { db } = desk.services;
  if (intent === "preview") {
    const live = await liveRules(db);
    const candidate = form.has("editFile")
      ? editedCandidate(live, field(form, "editFile"), field(form, "editText"))
      : await uploadedCandidate(form);
    if (!candidate.ok) return failed(candidate.error);
    return data(reviewView(candidate.texts, await reviewCandidate(db, live, candidate.texts)));
  }
  if (intent === "publish") {
    const candidate = carriedCandidate(form);
    if (!candidate.ok) return failed(candidate.error);
    const note = publishNote.safeParse(field(form, "note"));
    if (!note.success) return failed(note.error.issues[0]?.message ?? "Say what changed and why in the note.");
    const result = await publishOfferRules(db, {
      texts: candidate.texts,
      note: note.data,
      actor: desk.actor,
      from: "the candidate",
    });
    // publishOfferRules refuses without problems only for rules the newest version already has.
    return settled(desk, candidate.texts, result, true);
  }
  if (intent === "rollback") {
    const parsed = rollbackForm.safeParse({ version: field(form, "version"), note: field(form, "note") || undefined });
    if (!parsed.success) return failed("Choose a published version to go back to.");
    const result = await rollbackOfferRules(db, { ...parsed.data, actor: desk.actor });
    // Versions are numbered 1, 2, 3… and never deleted: one at or below the newest exists.
    const newest = await newestOfferRuleVersion(db);
    const earlier = await offerRuleVersionTexts(db, parsed.data.version);
    return settled(desk, earlier, result, newest !== undefined && parsed.data.version <= newest.version);
  }
  return failed("That change is not one the desk knows.");
}
