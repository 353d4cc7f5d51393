CREATE TABLE "alert_emails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"import_id" text,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_emails_kind" CHECK ("alert_emails"."kind" in ('confirm', 'matches'))
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"vin" text,
	"criteria" jsonb,
	"path" text NOT NULL,
	"label" text NOT NULL,
	"origin" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_status" CHECK ("alert_subscriptions"."status" in ('pending', 'active', 'unsubscribed')),
	CONSTRAINT "alert_subscriptions_what" CHECK (("alert_subscriptions"."kind" = 'vehicle' and "alert_subscriptions"."vin" is not null) or ("alert_subscriptions"."kind" = 'search' and "alert_subscriptions"."criteria" is not null))
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "alert_email_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_vin_vehicles_vin_fk" FOREIGN KEY ("vin") REFERENCES "public"."vehicles"("vin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_emails_per_import_uq" ON "alert_emails" USING btree ("subscription_id","import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_token_uq" ON "alert_subscriptions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email","store_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_vin_idx" ON "alert_subscriptions" USING btree ("vin") WHERE "alert_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "alert_subscriptions_active_idx" ON "alert_subscriptions" USING btree ("kind") WHERE "alert_subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_alert_email_id_alert_emails_id_fk" FOREIGN KEY ("alert_email_id") REFERENCES "public"."alert_emails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_one_source" CHECK (num_nonnulls("outbox"."lead_id", "outbox"."alert_email_id") = 1);