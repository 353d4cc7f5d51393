-- Hand-written (drizzle-kit does not model triggers): any write to stores notifies listeners on the channel
-- "stores", so a server on PGlite, where every writer is that server (the data directory is locked), keeps the store
-- profiles between requests instead of reading them on every page (docs/decisions/299).
CREATE OR REPLACE FUNCTION "notify_stores_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('stores', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_stores_changed"();
