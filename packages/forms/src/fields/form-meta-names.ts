// The names alone, without the schema: code the browser loads on first paint (the credit application's entry helpers)
// reads them, and importing them from form-meta.ts brought zod with it (ADR 365).

/** The hidden field a person never sees and a form-filling bot fills. */
export const HONEYPOT_FIELD = "website";
/** The hidden field carrying the key minted when the form was rendered. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
