import { asc } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { stores } from "../db/schema.server";

/** The stores, as the inbox's filter offers them. */
export async function storeChoices(db: Db): Promise<{ value: string; label: string }[]> {
  const rows = await db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name));
  return rows.map((row) => ({ value: row.id, label: row.name }));
}
