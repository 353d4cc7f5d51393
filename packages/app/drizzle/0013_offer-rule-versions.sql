CREATE TABLE "offer_rule_versions" (
	"version" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_rule_versions_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_hash" text NOT NULL,
	"files" jsonb NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text NOT NULL,
	"check" jsonb NOT NULL,
	"rollback_of" integer,
	CONSTRAINT "offer_rule_versions_passed_check" CHECK (jsonb_array_length("offer_rule_versions"."check" -> 'problems') = 0)
);
--> statement-breakpoint
ALTER TABLE "offer_rule_versions" ADD CONSTRAINT "offer_rule_versions_rollback_of_offer_rule_versions_version_fk" FOREIGN KEY ("rollback_of") REFERENCES "public"."offer_rule_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a published version is never changed or removed; rolling back
-- publishes an earlier one again (docs/decisions/341). Refused by the database itself, on PGlite and PostgreSQL alike.
CREATE OR REPLACE FUNCTION "offer_rule_versions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'offer_rule_versions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offer_rule_versions_append_only" BEFORE UPDATE OR DELETE ON "offer_rule_versions"
	FOR EACH ROW EXECUTE FUNCTION "offer_rule_versions_append_only"();
--> statement-breakpoint
-- Every published version notifies the channel "offer_rules" with its number when its transaction commits: servers
-- LISTEN on it (PostgreSQL: every process of every host; PGlite: the one process that holds the data directory) and
-- switch to the newest version (docs/decisions/341).
CREATE OR REPLACE FUNCTION "notify_offer_rules_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('offer_rules', NEW."version"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offer_rules_published" AFTER INSERT ON "offer_rule_versions"
	FOR EACH ROW EXECUTE FUNCTION "notify_offer_rules_published"();
