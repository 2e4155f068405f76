CREATE TABLE "sold_out_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"until" timestamp with time zone,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sold_out_marks_branchContactId_kind_itemKey_unique" UNIQUE("branch_contact_id","kind","item_key")
);
--> statement-breakpoint
CREATE TABLE "staff_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"company_id" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer,
	"height" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_company_id_hash_pk" PRIMARY KEY("company_id","hash")
);
--> statement-breakpoint
CREATE TABLE "venue_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer,
	"staff_user_id" integer,
	"staff_name" text NOT NULL,
	"subject" text NOT NULL,
	"subject_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sold_out_marks" ADD CONSTRAINT "sold_out_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_out_marks" ADD CONSTRAINT "sold_out_marks_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_changes" ADD CONSTRAINT "venue_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sold_out_marks_until_idx" ON "sold_out_marks" USING btree ("until") WHERE "sold_out_marks"."until" is not null;--> statement-breakpoint
CREATE INDEX "staff_links_staff_user_id_index" ON "staff_links" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "uploaded_images_hash_index" ON "uploaded_images" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "venue_changes_company_id_created_at_index" ON "venue_changes" USING btree ("company_id","created_at");