// Posting the financing forms the way a browser without JavaScript does, with a cookie jar.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Answer, request } from "./requests";

/** A browser: one cookie jar, every URL it asked for and every Location it was sent to. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly urls: string[] = [];

  constructor(readonly origin: string) {}

  private keep(answer: Answer): Answer {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 0) continue;
      if (/max-age=0/i.test(cookie)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = answer.headers.get("Location");
    if (location) this.urls.push(location);
    return answer;
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  }

  async get(path: string): Promise<Answer> {
    this.urls.push(path);
    return this.keep(await request(`${this.origin}${path}`, { headers: this.cookieHeader() }));
  }

  async post(path: string, fields: Record<string, string>): Promise<Answer> {
    this.urls.push(path);
    return this.keep(
      await request(`${this.origin}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: this.origin, ...this.cookieHeader() },
      }),
    );
  }
}

/** A shopper's answers, with distinctive personal data a test can look for anywhere. */
export const APPLICANT = {
  ssn: "123-45-6789",
  ssnDigits: "123456789",
  dateOfBirth: "1983-02-17",
  income: "7,319.47",
  incomeNumber: "7319.47",
  street: "4471 Wisteria Terrace",
  employer: "Quillfeather Logistics",
} as const;

/** The fields of each step of the full credit application as its form posts them. */
export function creditSteps(lastName: string) {
  return {
    applicant: {
      "user.firstName": "Dana",
      "user.middleName": "",
      "user.lastName": lastName,
      "user.suffix": "",
      "user.email": `dana.${lastName.toLowerCase()}@example.com`,
      "user.phone": "(314) 555-0142",
      "user.dateOfBirth": APPLICANT.dateOfBirth,
      ssn: APPLICANT.ssn,
    },
    residence: {
      "residences[0].housingStatus": "rent",
      "residences[0].monthlyRent": "1,250",
      "residences[0].yearsAtAddress": "3",
      "residences[0].monthsAtAddress": "0",
      "residences[0].fullAddress": APPLICANT.street,
      "residences[0].apartment": "",
      "residences[0].city": "St. Louis",
      "residences[0].state": "MO",
      "residences[0].zipCode": "63103",
    },
    employment: {
      "employments[0].incomeType": "full-time",
      "employments[0].employer": APPLICANT.employer,
      "employments[0].jobTitle": "Dispatcher",
      "employments[0].phone": "(314) 555-0199",
      "employments[0].monthlyIncome": APPLICANT.income,
      "employments[0].years": "4",
      "employments[0].months": "0",
    },
    coBorrower: { "coBorrower.applying": "no" },
    review: { idempotencyKey: randomUUID(), website: "", esignConsent: "yes", comments: "", vendorName: "" },
  };
}

/** Every step's fields in one object: the single POST of the whole application. */
export function wholeApplication(lastName: string): Record<string, string> {
  const steps = creditSteps(lastName);
  return {
    intent: "submit",
    ...steps.applicant,
    ...steps.residence,
    ...steps.employment,
    ...steps.coBorrower,
    ...steps.review,
  };
}

/** The newest code texted to `phone` (ten digits) in the site's SMS files. */
export function lastTextedCode(dataDir: string, phone: string): string {
  const dir = join(dataDir, "sms");
  for (const name of readdirSync(dir).sort().reverse()) {
    const text = readFileSync(join(dir, name), "utf8");
    const code = text.startsWith(`To: +1${phone}\n`) ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`No code was texted to ${phone}`);
}
