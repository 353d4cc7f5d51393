import { checkFormShape } from "@showroom/forms";

const PLAIN_TEXT = { "Content-Type": "text/plain; charset=utf-8" };

/**
 * The posted form, read once for every action: a 4xx Response is thrown when the body is not a form, cannot be parsed
 * as one, or has a shape no form of the site has (too many fields, a list index or a nesting past the limits of
 * `FORM_SHAPE_LIMITS`). The shape is checked before any schema sees the form, so Conform never builds the huge or
 * deep value such a name describes; the refusal says what is wrong and never repeats what was sent (docs/decisions/303).
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new Response("Send the form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: PLAIN_TEXT,
    });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, headers: PLAIN_TEXT });
  }
  const problem = checkFormShape(form.keys());
  if (problem)
    throw new Response(`The form could not be read. ${problem.message}`, { status: 400, headers: PLAIN_TEXT });
  return form;
}
