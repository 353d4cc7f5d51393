/** The posted form; a 4xx Response is thrown when the body is not a form or cannot be parsed as one. */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new Response("Send the form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
