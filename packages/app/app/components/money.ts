const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A dollar amount as the site prints it: `$358.03`, `$19,999`. Server and browser print it alike. */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? usd.format(amount).replace(/\.00$/, "") : usd.format(amount);
}
