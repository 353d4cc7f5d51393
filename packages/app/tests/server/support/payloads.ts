// fast-check arbitraries for what may arrive at an action: forms with any fields, raw bodies of any type and shape.
import fc from "fast-check";

/** A form field's value: text, or a file part (multipart only; urlencoded sends the file's text). */
export type FieldValue = string | { file: string; type: string; name: string };

export interface FormPayload {
  entries: [string, FieldValue][];
  encoding: "urlencoded" | "multipart";
  /** Post to `<path>.data`, as React Router's client does with JavaScript on, instead of the document URL. */
  dataRequest: boolean;
  cookie: string | null;
}

export interface RawPayload {
  /** null sends no Content-Type at all. */
  contentType: string | null;
  body: Uint8Array;
  dataRequest: boolean;
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** Values that mean something to one action or another, so random forms often get past the first check. */
const meaningful = fc.constantFrom(
  "",
  " ",
  "\t\n",
  "\u0000",
  "1",
  "7",
  "8",
  "-1",
  "1e3",
  "fetch",
  "reopen",
  "accept-all",
  "close",
  "deny",
  "save",
  "essential",
  "analytics",
  "en",
  "es",
  "brentwood",
  "st-peters",
  "/",
  "/contact-us?x=1",
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "dana.reyes@example.com",
  "(314) 555-0142",
  "not-a-uuid",
  "00000000-0000-4000-8000-000000000000",
  "<script>alert(1)</script>",
  "'; drop table leads; --",
);

/** Long text, up to about the body limit (64 KiB): multi-byte characters make it grow when encoded. */
const hugeText = fc
  .tuple(fc.integer({ min: 1_000, max: 60_000 }), fc.constantFrom("x", "é", "€", "\u{1F697}", " "))
  .map(([bytes, unit]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

const textValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 4, arbitrary: meaningful },
  { weight: 1, arbitrary: hugeText },
);

const fileValue: fc.Arbitrary<FieldValue> = fc.record({
  file: fc.string({ maxLength: 200 }),
  type: fc.constantFrom("text/plain", "application/pdf", "application/octet-stream", ""),
  name: fc.string({ maxLength: 20 }),
});

const fieldValue: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 9, arbitrary: textValue },
  { weight: 1, arbitrary: fileValue },
);

/**
 * Names that describe huge or deep values to a form parser (issue 26): a known field with a list index of up to a
 * hundred million, a key nested up to two thousand levels, a name of up to 10,000 characters. Each is a few bytes
 * on the wire; read naively, `x[99999999]` is an array of a hundred million items.
 */
const hostileName = (known: readonly string[]) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...known), fc.integer({ min: 64, max: 99_999_999 }), fc.constantFrom("", ".x", "[0]"))
      .map(([field, index, rest]) => `${field}[${index}]${rest}`),
    fc
      .tuple(fc.constantFrom(...known), fc.integer({ min: 9, max: 2_000 }))
      .map(([field, depth]) => `${field}${".b".repeat(depth)}`),
    fc.integer({ min: 9, max: 500 }).map((depth) => `a${"[0]".repeat(depth)}`),
    fc.integer({ min: 121, max: 10_000 }).map((length) => "n".repeat(length)),
  );

/** A field name: one the action knows, anything at all, or one that describes a huge or deep value. */
const fieldName = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: hostileName(known) },
  );

/** More entries than any form has (the limit is 1,000), each small, so the body stays under 64 KiB. */
const tooManyEntries = (known: readonly string[]): fc.Arbitrary<[string, FieldValue][]> =>
  fc
    .tuple(fc.constantFrom(...known), fc.integer({ min: 1_001, max: 4_000 }))
    .map(([field, count]) => Array.from({ length: count }, (_, i): [string, FieldValue] => [i % 2 ? field : "a", "1"]));

/**
 * The Accept-Encoding a post comes with: Chrome's, Edge's and Firefox's (Zstandard), Safari's (Brotli), Node's own
 * fetch (gzip), and `identity`, as from a client that asks for none. The site compresses each answer it renders
 * (`sendDocument`), so every encoding it sends is fuzzed, not only the one Node's fetch asks for.
 */
export const acceptEncoding: fc.Arbitrary<string> = fc.constantFrom(
  "gzip, deflate, br, zstd",
  "gzip, deflate, br",
  "gzip, deflate",
  "identity",
);

/** Cookie headers: none, printable garbage, or cookies of ours with values nobody signed. */
const cookieHeader: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,79}$/) },
  {
    weight: 1,
    arbitrary: fc
      .subarray([
        "uniqueUserId=forged",
        "uniqueUserId=eyJhIjoxfQ%3D%3D.bad",
        "adfLead=1",
        "userSelectedStore=InN0LXBldGVycyI%3D",
        "userSelectedStore=%E0%A4%A",
        "displayCookies=force",
        "allowCookies=essential,analytics,nonsense",
        "cookieDialogLanguage=xx",
      ])
      .map((cookies) => cookies.join("; ")),
  },
);

/**
 * Forms an action may receive: random entries (known or unknown names, repeated names, files), or one of the
 * action's valid forms with fields dropped, replaced and added, so both refusals and successes occur.
 */
export function formPayload(
  knownFields: readonly string[],
  validForm: fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<FormPayload> {
  const name = fieldName(knownFields);
  const randomEntries = fc.array(fc.tuple(name, fieldValue), { maxLength: 12 });
  const mutatedValid = fc
    .tuple(validForm, fc.array(fc.tuple(name, fc.option(fieldValue, { freq: 3 })), { maxLength: 4 }))
    .map(([form, changes]) => {
      const fields = new Map<string, FieldValue>(Object.entries(form));
      for (const [field, value] of changes) {
        if (value === null) fields.delete(field);
        else fields.set(field, value);
      }
      return [...fields];
    });
  return fc.record({
    entries: fc.oneof(
      { weight: 4, arbitrary: randomEntries },
      { weight: 4, arbitrary: mutatedValid },
      { weight: 4, arbitrary: validForm.map((form) => Object.entries(form)) },
      { weight: 1, arbitrary: tooManyEntries(knownFields) },
    ),
    encoding: fc.constantFrom("urlencoded", "multipart"),
    dataRequest: fc.boolean(),
    cookie: cookieHeader,
  });
}

/** The body and headers of a form payload, as a browser (or a bot imitating one) would send them. */
export function encodeForm(payload: FormPayload): {
  body: URLSearchParams | FormData;
  headers: Record<string, string>;
} {
  const headers: Record<string, string> = payload.cookie ? { Cookie: payload.cookie } : {};
  if (payload.encoding === "urlencoded") {
    const body = new URLSearchParams();
    for (const [key, value] of payload.entries) body.append(key, typeof value === "string" ? value : value.file);
    return { body, headers };
  }
  const body = new FormData();
  for (const [key, value] of payload.entries) {
    if (typeof value === "string") body.append(key, value);
    else body.append(key, new Blob([value.file], { type: value.type }), value.name || "upload.bin");
  }
  return { body, headers };
}

/** A multipart body with a boundary, then damaged: cut short, a line break dropped, or a header garbled. */
const brokenMultipart: fc.Arbitrary<RawPayload> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,40}$/),
    fc.array(fc.tuple(fc.constantFrom("firstName", "storeId", "choice", "x"), fc.string({ maxLength: 20 })), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom("cut", "drop-crlf", "garble-header", "no-closing", "wrong-boundary"),
    fc.nat(),
    fc.boolean(),
  )
  .map(([boundary, fields, damage, at, dataRequest]) => {
    const parts = fields.map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    let text = `${parts.join("")}--${boundary}--\r\n`;
    if (damage === "cut") text = text.slice(0, at % text.length);
    if (damage === "drop-crlf") text = text.replace("\r\n\r\n", "\r\n");
    if (damage === "garble-header")
      text = text.replace("Content-Disposition: form-data", "Content-Dispositio form-data");
    if (damage === "no-closing") text = text.slice(0, text.lastIndexOf(`--${boundary}--`));
    if (damage === "wrong-boundary") text = text.replaceAll(`--${boundary}`, `--x${boundary}`);
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: utf8(text), dataRequest };
  });

/** Bodies the form parser cannot or should not read: other content types, broken multipart, bad encodings. */
export const rawPayload: fc.Arbitrary<RawPayload> = fc.oneof(
  fc.record({
    contentType: fc.constantFrom(
      null,
      "application/json",
      "text/plain",
      "text/html",
      "application/xml",
      "application/octet-stream",
      "multipart/form-data",
      "multipart/mixed; boundary=abc",
      "application/x-www-form-urlencoded; charset=iso-8859-1",
      "application/x-www-form-urlencoded; charset=utf-16",
      "image/png",
      ";;;",
    ),
    body: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.json().map(utf8), fc.string({ maxLength: 200 }).map(utf8)),
    dataRequest: fc.boolean(),
  }),
  brokenMultipart,
  fc.record({
    contentType: fc.constant("application/x-www-form-urlencoded"),
    body: fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc
        .array(
          fc.constantFrom("%", "%Z", "%E0%A4%A", "%FF%FE", "%C3%28", "%00", "+", "&", "=", "a", "é", "\u{1F697}"),
          {
            maxLength: 40,
          },
        )
        .map((bits) => utf8(`firstName=${bits.join("")}&storeId=${bits.reverse().join("")}`)),
    ),
    dataRequest: fc.boolean(),
  }),
);
