/** Builds the FormData a browser posts, from field names as Conform writes them ("address.city", "residences[0].city"). */
export function formData(fields: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof File) data.append(name, value, value.name);
    else data.append(name, value);
  }
  return data;
}

export const VALID_KEY = "6f1c1a3e-4b8f-4d2a-9a51-2f0d3c8e7b10";

export const DANA = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana.reyes@example.com",
  phone: "+1 (314) 555-0142",
} as const;

/** The field errors of a Conform submission; undefined when it succeeded. */
export function errorsOf(submission: object): unknown {
  return "error" in submission ? submission.error : undefined;
}
