import { vehiclePath } from "@showroom/rules/inventory";
import type { OutgoingMail } from "../mail/transport.server";
import { alertLinks, alertToken } from "./links";
import type { AlertMatch } from "./match.server";

/** An alert email's outbox row with what it is composed from, read by the relay at send time. */
export interface AlertEmailRow {
  readonly alertEmailId: string;
  readonly messageId: string;
  readonly kind: "confirm" | "matches";
  readonly matches: unknown;
  readonly subscription: {
    readonly id: string;
    readonly email: string;
    readonly status: "pending" | "active" | "unsubscribed";
    readonly label: string;
    readonly path: string;
    readonly origin: string;
  };
  readonly dealerName: string;
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat("en-US");
const plural = new Intl.PluralRules("en-US");

function matchLine(origin: string, m: AlertMatch): string {
  const name = [m.year, m.make, m.model, m.trim].filter(Boolean).join(" ");
  const price = m.price === null ? "Call for price" : dollars.format(m.price);
  const was = m.event === "price-drop" && m.oldPrice !== null ? ` (was ${dollars.format(m.oldPrice)})` : "";
  const path = vehiclePath({ ...m, condition: m.condition as "new" | "used" | "certified" });
  const where = m.store ? `, at ${m.store}` : "";
  return `- ${name}: ${price}${was}, ${whole.format(m.mileage)} miles${where}\n  ${origin}${path}`;
}

/**
 * The email of one alert outbox row, or null when it must not go out: a confirmation for an alert no longer waiting
 * for one, matches for an alert not (or no longer) confirmed. Every email names the dealer and carries the alert's
 * manage and one-click unsubscribe links; the address is only in To.
 */
export function composeAlertMail(row: AlertEmailRow, hmacKey: Buffer): OutgoingMail | null {
  const { subscription: sub, dealerName } = row;
  const wanted = row.kind === "confirm" ? "pending" : "active";
  if (sub.status !== wanted || sub.email === "") return null;
  const links = alertLinks(sub.origin, alertToken(hmacKey, sub.id));
  const footer = [
    "",
    "--",
    `You get this email because this address asked ${dealerName} for alerts about ${sub.label}.`,
    `Manage your alerts: ${links.manage}`,
    `Unsubscribe: ${links.unsubscribe}`,
  ];
  let subject: string;
  let lines: string[];
  if (row.kind === "confirm") {
    subject = `Confirm your alert from ${dealerName}`;
    lines = [
      `Please confirm that ${dealerName} may email this address about ${sub.label}: new matches and price drops.`,
      "",
      `Confirm: ${links.confirm}`,
      "",
      "Nothing more is sent until you confirm. If you did not ask for this, ignore this email.",
    ];
  } else {
    const matches = (Array.isArray(row.matches) ? row.matches : []) as AlertMatch[];
    if (matches.length === 0) return null;
    const drops = matches.filter((m) => m.event === "price-drop").length;
    const n = matches.length;
    const what =
      drops === n
        ? `${n === 1 ? "a price drop" : `${n} price drops`}`
        : `${n} ${plural.select(n) === "one" ? "new match" : "new matches"}`;
    subject = `${sub.label}: ${what} at ${dealerName}`;
    lines = [
      `${dealerName} has ${what} for ${sub.label}:`,
      "",
      ...matches.map((m) => matchLine(sub.origin, m)),
      "",
      `See them all: ${sub.origin}${sub.path}`,
    ];
  }
  return {
    leadId: row.alertEmailId,
    messageId: row.messageId,
    to: [sub.email],
    subject,
    body: [...lines, ...footer].join("\n"),
    type: "text",
    alert: { dealerName, unsubscribeUrl: links.unsubscribe },
  };
}
