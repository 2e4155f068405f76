CREATE TABLE "sandbox_card_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"last_four_digits" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"idempotency_key" text,
	"external_reference" text,
	"description" text,
	"return_url" text,
	"link_id" text,
	"outcome" text,
	"payment_method_id" text,
	"last_four_digits" text,
	"decide_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"notify_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "sandbox_payments_notify_at_index" ON "sandbox_payments" USING btree ("notify_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_link_id_index" ON "sandbox_payments" USING btree ("link_id");