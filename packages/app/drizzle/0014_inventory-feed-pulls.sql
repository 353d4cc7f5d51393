CREATE TABLE "inventory_feed_pulls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"http_status" integer,
	"etag" text,
	"last_modified" text,
	"bytes" integer,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejected_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held_feed" jsonb,
	"available" integer,
	"would_sell" integer,
	"released_at" timestamp with time zone,
	"released_by" text,
	CONSTRAINT "inventory_feed_pulls_status" CHECK ("inventory_feed_pulls"."status" in ('running', 'not-modified', 'applied', 'held', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "inventory_feed_pulls" ADD CONSTRAINT "inventory_feed_pulls_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_feed_pulls_store_idx" ON "inventory_feed_pulls" USING btree ("store_id","started_at");