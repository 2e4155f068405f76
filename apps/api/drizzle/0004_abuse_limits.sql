CREATE TABLE "abuse_trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"phone_masked" text DEFAULT '' NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "abuse_trips_branchContactId_kind_phoneMasked_windowStart_unique" UNIQUE("branch_contact_id","kind","phone_masked","window_start")
);
--> statement-breakpoint
ALTER TABLE "abuse_trips" ADD CONSTRAINT "abuse_trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_trips_company_id_branch_contact_id_last_at_index" ON "abuse_trips" USING btree ("company_id","branch_contact_id","last_at");--> statement-breakpoint
CREATE INDEX "abuse_trips_created_at_index" ON "abuse_trips" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_created_at_index" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_logs_created_at_index" ON "client_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_phone_sent_at_index" ON "outbox_messages" USING btree ("to_phone","sent_at");