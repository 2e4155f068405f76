ALTER TABLE "abandoned_carts" ADD COLUMN "left_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "recovery_token_hash" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD COLUMN "abandoned_cart_delay_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE INDEX "abandoned_carts_branch_contact_id_created_at_index" ON "abandoned_carts" USING btree ("branch_contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_carts_open_once" ON "abandoned_carts" USING btree ("branch_contact_id","phone") WHERE "abandoned_carts"."status" = 'OPEN';--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_recoveryTokenHash_unique" UNIQUE("recovery_token_hash");