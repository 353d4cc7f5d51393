-- Hand-written (drizzle-kit does not model triggers): the version bump also notifies listeners on the channel
-- "inventory_version", so a server on PGlite, where every writer is that server (the data directory is locked),
-- knows the version without asking on every request (docs/decisions/156).
CREATE OR REPLACE FUNCTION "bump_inventory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "inventory_version" ("id", "version") VALUES (1, pg_current_xact_id()::text::bigint)
	ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
	PERFORM pg_notify('inventory_version', '');
	RETURN NULL;
END
$$;
