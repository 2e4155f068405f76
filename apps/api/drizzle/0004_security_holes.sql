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
CREATE TABLE "customer_code_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_account_id" integer;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "credentials_stamp" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "abuse_trips" ADD CONSTRAINT "abuse_trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phone_codes" ADD CONSTRAINT "customer_phone_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_trips_company_id_branch_contact_id_last_at_index" ON "abuse_trips" USING btree ("company_id","branch_contact_id","last_at");--> statement-breakpoint
CREATE INDEX "abuse_trips_created_at_index" ON "abuse_trips" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_phone_codes_company_id_phone_created_at_index" ON "customer_phone_codes" USING btree ("company_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_at_index" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_account_id_payment_provider_accounts_id_fk" FOREIGN KEY ("provider_account_id") REFERENCES "public"."payment_provider_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_created_at_index" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_logs_created_at_index" ON "client_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_phone_sent_at_index" ON "outbox_messages" USING btree ("to_phone","sent_at");