import * as z from "zod/mini";
import { trackingEventNameSchema } from "../tracking/tracking.schema";
import { DIALOG_POSITIONS } from "./dialog";
import { popupIdSchema } from "./popup-id.schema";

export { popupIdSchema } from "./popup-id.schema";

// zod/mini, as on every browser subpath (ADR 213).

const text = z.string().check(z.minLength(1));
const selector = z.string().check(z.minLength(1), z.maxLength(200));
const optional = <T extends z.core.SomeType>(schema: T, description?: string) =>
  description === undefined ? z.optional(schema) : z.optional(schema).check(z.describe(description));

/**
 * A param rule of a page rule, as the spec defines it: `true` counts only items not yet viewed, a string must equal
 * the page's param, a list must contain it.
 */
export const paramRuleSchema = z.union([z.literal(true), z.string(), z.array(z.string())]);

/** One of the valid param rule shapes. */
export type ParamRule = z.infer<typeof paramRuleSchema>;

/**
 * A page rule (`pageItemsViewed` entry): pages matched by route name and/or path, optional params, and how many
 * visits make it hold. Param values are checked when rules are applied, not here: the spec logs an invalid param rule
 * and carries on, so one bad rule must not throw away a whole popup list (see `popupProblems`).
 */
export const pageRuleSchema = z
  .strictObject({
    name: optional(text, "Route name, e.g. cars-direct-page."),
    path: optional(z.string().check(z.startsWith("/")), "Exact path, e.g. /sell-trade-my-car."),
    params: optional(
      z.record(z.string(), z.unknown()),
      "Route params: true (distinct items), a string (equal) or a list of strings (one of).",
    ),
    minCount: optional(z.int().check(z.nonnegative()), "Visits needed at least."),
    maxCount: optional(z.int().check(z.nonnegative()), "Visits allowed at most."),
  })
  .check(
    z.refine((rule) => rule.name !== undefined || rule.path !== undefined, {
      message: "A page rule needs a name or a path.",
    }),
    z.refine((rule) => rule.minCount === undefined || rule.maxCount === undefined || rule.minCount <= rule.maxCount, {
      path: ["maxCount"],
      message: "maxCount must not be below minCount.",
    }),
  );

/** A `pageItemsViewed` entry. */
export type PageRule = z.infer<typeof pageRuleSchema>;

/**
 * An adsValues rule: false (absent), true (present), a string (equal), `{ not: [...] }` (none of these) or
 * `{ in: [...] }` (one of these).
 */
export const adsValueRuleSchema = z.union([
  z.boolean(),
  z.string(),
  z.strictObject({ not: z.array(z.string()).check(z.minLength(1)) }),
  z.strictObject({ in: z.array(z.string()).check(z.minLength(1)) }),
]);

/** One adsValues rule. */
export type AdsValueRule = z.infer<typeof adsValueRuleSchema>;

/**
 * One condition of a popup. All of its parts must hold; a popup shows when any one of its conditions holds (or
 * when it has none).
 */
export const popupConditionSchema = z.strictObject({
  pages: optional(z.array(text), "Route names or exact paths where the popup may show."),
  pageItemsViewed: optional(z.array(pageRuleSchema), "Pages the visitor must have seen, and how often."),
  isLead: optional(
    z.boolean(),
    "true: a lead-capture condition, which never holds for a visitor who is already a lead.",
  ),
  adsValues: optional(z.record(z.string(), adsValueRuleSchema), "Ad parameters the visit must (not) carry."),
  tagQuery: optional(selector, "CSS selector of an element that must be fully in view."),
  itemClicked: optional(selector, "CSS selector of an element the visitor must click."),
  timer: optional(z.number().check(z.nonnegative(), z.maximum(3600)), "Seconds on the page before showing."),
});

/** A popup condition. */
export type PopupCondition = z.infer<typeof popupConditionSchema>;

const positionSchema = z.union([
  z.enum(DIALOG_POSITIONS),
  z.strictObject({ mobile: z.enum(DIALOG_POSITIONS), desktop: z.enum(DIALOG_POSITIONS) }),
]);

// Only a site path or an http(s) URL: a configured `javascript:` target would run script on click.
const redirectSchema = z.string().check(
  z.refine((target) => /^\/(?!\/)/.test(target) || /^https?:\/\/[^\s/]+/.test(target), {
    message: "redirect must be a site path (/…) or an http(s) URL.",
  }),
);

/** A popup definition (spec section 3), validated wherever a popup list comes in (fixtures, experiments). */
export const popupDefinitionSchema = z.strictObject({
  id: popupIdSchema,
  conditions: z.array(popupConditionSchema),
  settings: z.optional(
    z.strictObject({
      component: z.optional(z.enum(["PrimeDialog", "ModalHeadless"])),
      position: z.optional(positionSchema),
      closeButton: z.optional(z.boolean()),
    }),
  ),
  button: optional(
    z
      .strictObject({
        class: z.optional(z.string()),
        icon: z.optional(text),
        hoverText: z.optional(text),
        text: z.optional(text),
      })
      .check(
        z.refine((button) => button.text !== undefined || button.icon !== undefined, {
          message: "A side button needs a text or an icon.",
        }),
      ),
    "A side button: the popup starts hidden and opens when the button is clicked.",
  ),
  component: z
    .strictObject({
      type: z.enum(["html", "component"]),
      data: z.optional(z.strictObject({ title: z.optional(text), html: z.optional(text) })),
      style: z.optional(z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))])),
      innerComponent: z.optional(text),
    })
    .check(
      z.refine((component) => component.type !== "html" || component.data?.html !== undefined, {
        path: ["data", "html"],
        message: "An html popup needs data.html.",
      }),
      z.refine((component) => component.type !== "component" || component.innerComponent !== undefined, {
        path: ["innerComponent"],
        message: "A component popup needs innerComponent.",
      }),
    ),
  submitted: z.optional(
    z.strictObject({
      EMAIL: optional(text, "Email template sent on submit."),
      track: optional(trackingEventNameSchema, "Tracking event sent on submit."),
      redirect: z.optional(redirectSchema),
      close: optional(z.boolean(), "Close right after submit, without a submitted view."),
      timeoutClose: optional(z.number().check(z.positive(), z.maximum(3600)), "Seconds the submitted view stays."),
      innerComponent: z.optional(text),
    }),
  ),
  background: z.optional(z.strictObject({ modal: z.boolean() })),
  closeButton: z.optional(z.boolean()),
});

/** A popup definition. */
export type PopupDefinition = z.infer<typeof popupDefinitionSchema>;

/** A whole popup list, as the fixtures ship it: every definition valid, ids unique. */
export const popupListSchema = z.array(popupDefinitionSchema).check(
  z.superRefine((popups, ctx) => {
    const seen = new Set<string>();
    popups.forEach((popup, index) => {
      if (seen.has(popup.id))
        ctx.addIssue({ code: "custom", path: [index, "id"], message: `Popup id ${popup.id} is repeated.` });
      seen.add(popup.id);
    });
  }),
);
