CREATE TABLE "inventory_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): after every statement that writes vehicles, record the writing
-- transaction's id. The search's in-memory inventory compares it with the id it loaded at (docs/decisions/130).
CREATE FUNCTION "bump_inventory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "inventory_version" ("id", "version") VALUES (1, pg_current_xact_id()::text::bigint)
	ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_inventory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vehicles"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();
