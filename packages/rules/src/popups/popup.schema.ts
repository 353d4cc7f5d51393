import { z } from "zod";
import { trackingEventNameSchema } from "../tracking/tracking.schema";

/** Where a dialog can sit (spec section 9); `center` is the default. */
export const DIALOG_POSITIONS = [
  "center",
  "left",
  "right",
  "top",
  "topleft",
  "topright",
  "bottom",
  "bottomleft",
  "bottomright",
] as const;

/** One of {@link DIALOG_POSITIONS}. */
export type DialogPosition = (typeof DIALOG_POSITIONS)[number];

/**
 * A popup id: letters, digits, hyphens and underscores. Ids become keys of the browser-storage objects, so names
 * such as `__proto__` are refused here rather than trusted there.
 */
export const popupIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: "A popup id is letters, digits, - and _ (at most 64)." });

const text = z.string().min(1);
const selector = z.string().min(1).max(200);

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
    name: text.optional().meta({ description: "Route name, e.g. cars-direct-page." }),
    path: z.string().startsWith("/").optional().meta({ description: "Exact path, e.g. /sell-trade-my-car." }),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "Route params: true (distinct items), a string (equal) or a list of strings (one of)." }),
    minCount: z.number().int().nonnegative().optional(),
    maxCount: z.number().int().nonnegative().optional(),
  })
  .refine((rule) => rule.name !== undefined || rule.path !== undefined, {
    message: "A page rule needs a name or a path.",
  })
  .refine((rule) => rule.minCount === undefined || rule.maxCount === undefined || rule.minCount <= rule.maxCount, {
    path: ["maxCount"],
    message: "maxCount must not be below minCount.",
  });

/** A `pageItemsViewed` entry. */
export type PageRule = z.infer<typeof pageRuleSchema>;

/**
 * An adsValues rule: false (absent), true (present), a string (equal), `{ not: [...] }` (none of these) or
 * `{ in: [...] }` (one of these).
 */
export const adsValueRuleSchema = z.union([
  z.boolean(),
  z.string(),
  z.strictObject({ not: z.array(z.string()).min(1) }),
  z.strictObject({ in: z.array(z.string()).min(1) }),
]);

/** One adsValues rule. */
export type AdsValueRule = z.infer<typeof adsValueRuleSchema>;

/**
 * One condition of a popup. All of its parts must hold; a popup shows when any one of its conditions holds (or
 * when it has none).
 */
export const popupConditionSchema = z.strictObject({
  pages: z.array(text).optional().meta({ description: "Route names or exact paths where the popup may show." }),
  pageItemsViewed: z.array(pageRuleSchema).optional(),
  isLead: z
    .boolean()
    .optional()
    .meta({ description: "true: a lead-capture condition, which never holds for a visitor who is already a lead." }),
  adsValues: z.record(z.string(), adsValueRuleSchema).optional(),
  tagQuery: selector.optional().meta({ description: "CSS selector of an element that must be fully in view." }),
  itemClicked: selector.optional().meta({ description: "CSS selector of an element the visitor must click." }),
  timer: z.number().nonnegative().max(3600).optional().meta({ description: "Seconds on the page before showing." }),
});

/** A popup condition. */
export type PopupCondition = z.infer<typeof popupConditionSchema>;

const positionSchema = z.union([
  z.enum(DIALOG_POSITIONS),
  z.strictObject({ mobile: z.enum(DIALOG_POSITIONS), desktop: z.enum(DIALOG_POSITIONS) }),
]);

// Only a site path or an http(s) URL: a configured `javascript:` target would run script on click.
const redirectSchema = z.string().refine((target) => /^\/(?!\/)/.test(target) || /^https?:\/\/[^\s/]+/.test(target), {
  message: "redirect must be a site path (/…) or an http(s) URL.",
});

/** A popup definition (spec section 3), validated wherever a popup list comes in (fixtures, experiments). */
export const popupDefinitionSchema = z.strictObject({
  id: popupIdSchema,
  conditions: z.array(popupConditionSchema),
  settings: z
    .strictObject({
      component: z.enum(["PrimeDialog", "ModalHeadless"]).optional(),
      position: positionSchema.optional(),
      closeButton: z.boolean().optional(),
    })
    .optional(),
  button: z
    .strictObject({
      class: z.string().optional(),
      icon: text.optional(),
      hoverText: text.optional(),
      text: text.optional(),
    })
    .refine((button) => button.text !== undefined || button.icon !== undefined, {
      message: "A side button needs a text or an icon.",
    })
    .optional()
    .meta({ description: "A side button: the popup starts hidden and opens when the button is clicked." }),
  component: z
    .strictObject({
      type: z.enum(["html", "component"]),
      data: z.strictObject({ title: text.optional(), html: text.optional() }).optional(),
      style: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))]).optional(),
      innerComponent: text.optional(),
    })
    .refine((component) => component.type !== "html" || component.data?.html !== undefined, {
      path: ["data", "html"],
      message: "An html popup needs data.html.",
    })
    .refine((component) => component.type !== "component" || component.innerComponent !== undefined, {
      path: ["innerComponent"],
      message: "A component popup needs innerComponent.",
    }),
  submitted: z
    .strictObject({
      EMAIL: text.optional().meta({ description: "Email template sent on submit." }),
      track: trackingEventNameSchema.optional().meta({ description: "Tracking event sent on submit." }),
      redirect: redirectSchema.optional(),
      close: z.boolean().optional().meta({ description: "Close right after submit, without a submitted view." }),
      timeoutClose: z
        .number()
        .positive()
        .max(3600)
        .optional()
        .meta({ description: "Seconds the submitted view stays." }),
      innerComponent: text.optional(),
    })
    .optional(),
  background: z.strictObject({ modal: z.boolean() }).optional(),
  closeButton: z.boolean().optional(),
});

/** A popup definition. */
export type PopupDefinition = z.infer<typeof popupDefinitionSchema>;

/** A whole popup list, as the fixtures ship it: every definition valid, ids unique. */
export const popupListSchema = z.array(popupDefinitionSchema).superRefine((popups, ctx) => {
  const seen = new Set<string>();
  popups.forEach((popup, index) => {
    if (seen.has(popup.id))
      ctx.addIssue({ code: "custom", path: [index, "id"], message: `Popup id ${popup.id} is repeated.` });
    seen.add(popup.id);
  });
});

/** Whether a popup opens from a side button rather than by itself. */
export function isButtonTriggered(popup: PopupDefinition): boolean {
  return popup.button !== undefined;
}

/** Whether the visitor may close the dialog (X, Escape, outside click): unless either close button setting is off. */
export function isClosable(popup: PopupDefinition): boolean {
  return popup.closeButton !== false && popup.settings?.closeButton !== false;
}
