CREATE TABLE "rider_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_requests_riderId_key_unique" UNIQUE("rider_id","key")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"shipment_id" integer,
	"stack_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"rider_id" integer,
	"staff_user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "shift_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "position_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD COLUMN "offered_to_rider_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "offered_to_rider_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "rider_requests" ADD CONSTRAINT "rider_requests_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_stack_id_shipment_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."shipment_stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_requests_created_at_index" ON "rider_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_id_index" ON "shipment_events" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_events_stack_id_index" ON "shipment_events" USING btree ("stack_id");--> statement-breakpoint
CREATE INDEX "shipment_events_branch_contact_id_created_at_index" ON "shipment_events" USING btree ("branch_contact_id","created_at");--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_offered_to_rider_id_riders_id_fk" FOREIGN KEY ("offered_to_rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_offered_to_rider_id_riders_id_fk" FOREIGN KEY ("offered_to_rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Riders that existed before this migration came from tenant files: the venue listed them.
UPDATE "riders" SET "approved" = true;
