CREATE TABLE "abandoned_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"order_mode_id" integer,
	"phone" text,
	"email" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"items_amount" bigint DEFAULT 0 NOT NULL,
	"navigation_event" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"notify_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"email" text,
	"document" text,
	"opt_in" boolean DEFAULT false NOT NULL,
	"loyalty_points_balance" integer DEFAULT 0 NOT NULL,
	"addresses_registered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_companyId_phone_unique" UNIQUE("company_id","phone")
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"branch_id" integer,
	"kind" text NOT NULL,
	"order_id" integer,
	"order_code" text,
	"loyalty_reward_id" integer,
	"amount" integer NOT NULL,
	"post_balance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_program_branch_contacts" (
	"loyalty_program_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	CONSTRAINT "loyalty_program_branch_contacts_loyalty_program_id_branch_contact_id_pk" PRIMARY KEY("loyalty_program_id","branch_contact_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"order_percentage" numeric(9, 4) DEFAULT 0 NOT NULL,
	"min_redeemed_points" integer DEFAULT 0 NOT NULL,
	"max_redeemed_points" integer,
	"max_redeemed_percentage" numeric(9, 4),
	"supports_discounts" boolean DEFAULT true NOT NULL,
	"welcome_text" text,
	CONSTRAINT "loyalty_programs_branchId_unique" UNIQUE("branch_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"branch_contact_id" integer,
	"key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"reward" integer NOT NULL,
	CONSTRAINT "loyalty_rewards_branchId_key_unique" UNIQUE("branch_id","key")
);
--> statement-breakpoint
CREATE TABLE "logistics_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"security_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_orders_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "rider_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"security_code_hash" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"accepts_cash" boolean DEFAULT true NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"position_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "riders_branchContactId_phone_unique" UNIQUE("branch_contact_id","phone")
);
--> statement-breakpoint
CREATE TABLE "shipment_stacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"rider_id" integer,
	"status" text DEFAULT 'LOOKING_FOR_DRIVER' NOT NULL,
	"is_return" boolean DEFAULT false NOT NULL,
	"selected_index" integer DEFAULT 0 NOT NULL,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"logistics_order_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"stack_id" integer,
	"rider_id" integer,
	"status" text DEFAULT 'LOOKING_FOR_DRIVER' NOT NULL,
	"return_shipment" boolean DEFAULT false NOT NULL,
	"stacking_order" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"eta_at" timestamp with time zone,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"image_url" text,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "categories_menuId_key_unique" UNIQUE("menu_id","key")
);
--> statement-breakpoint
CREATE TABLE "code_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(9, 4) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"minimum_order_amount" bigint,
	"plate_key" text,
	"category_key" text,
	"first_time_only" boolean DEFAULT false NOT NULL,
	"maximum_discount_amount" bigint,
	"free_delivery" boolean DEFAULT false NOT NULL,
	"limited_usage" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_discounts_branchId_code_unique" UNIQUE("branch_id","code")
);
--> statement-breakpoint
CREATE TABLE "garnish_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"key" text NOT NULL,
	"group_name" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"multiple_selection" boolean DEFAULT false NOT NULL,
	"min_garnish_amount" integer DEFAULT 0 NOT NULL,
	"max_garnish_amount" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "garnish_groups_branchId_key_unique" UNIQUE("branch_id","key")
);
--> statement-breakpoint
CREATE TABLE "garnish_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"garnish_group_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "garnish_items_garnishGroupId_key_unique" UNIQUE("garnish_group_id","key")
);
--> statement-breakpoint
CREATE TABLE "menu_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"percentage" numeric(9, 4),
	"fixed_discount" bigint,
	"buy" integer,
	"pay" integer,
	"final_price" bigint,
	"plate_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_days" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate_garnish_groups" (
	"plate_id" integer NOT NULL,
	"garnish_group_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plate_garnish_groups_plate_id_garnish_group_id_pk" PRIMARY KEY("plate_id","garnish_group_id")
);
--> statement-breakpoint
CREATE TABLE "plate_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "plate_sizes_plateId_key_unique" UNIQUE("plate_id","key")
);
--> statement-breakpoint
CREATE TABLE "plates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"price" bigint,
	"max_quantity" integer,
	"image_url" text,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarked_order" integer,
	"upselled_order" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plates_menuId_key_unique" UNIQUE("menu_id","key")
);
--> statement-breakpoint
CREATE TABLE "code_discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code_discount_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"phone" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_discount_redemptions_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"reference_type" text DEFAULT 'PLATE' NOT NULL,
	"name" text NOT NULL,
	"size_id" integer,
	"size_name" text,
	"category_id" integer,
	"category_show_name" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"acc_price" bigint NOT NULL,
	"notes" text,
	"source" text DEFAULT 'plate' NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"error_type" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"staff_user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"order_mode_id" integer NOT NULL,
	"customer_id" integer,
	"code" text NOT NULL,
	"status" text DEFAULT 'GENERATED' NOT NULL,
	"type" text NOT NULL,
	"source" text DEFAULT 'DIRECT' NOT NULL,
	"campaign_id" text,
	"acquisition_channel" text,
	"customer_name" text,
	"phone" text,
	"customer_email" text,
	"customer_document" text,
	"table_number" text,
	"opt_in" boolean DEFAULT false NOT NULL,
	"installed_app" boolean DEFAULT false NOT NULL,
	"destination" jsonb,
	"notes" text,
	"scheduled" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"min_delay_in_minutes" integer,
	"max_delay_in_minutes" integer,
	"payment_type_id" integer,
	"payment_method" text NOT NULL,
	"payment_upload" text,
	"payment_status" text DEFAULT 'NOT_REQUIRED' NOT NULL,
	"pays_with" bigint,
	"items_price" bigint NOT NULL,
	"delivery_fee" bigint DEFAULT 0 NOT NULL,
	"user_service_fee" bigint DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"surcharges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"code_discount_id" integer,
	"loyalty_redeemed_points" integer DEFAULT 0 NOT NULL,
	"loyalty_gained_points" integer DEFAULT 0 NOT NULL,
	"order_text" text,
	"user_external_reference" text,
	"partner_name" text,
	"analytics_session_id" text,
	"error_type" text,
	"error_details" text,
	"cancel_reason" text,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"notification_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_provider_notificationId_unique" UNIQUE("provider","notification_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"amount" bigint NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"branch_contact_id" integer,
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer,
	"order_id" integer,
	"channel" text DEFAULT 'WHATSAPP' NOT NULL,
	"kind" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_user_branch_contacts" (
	"staff_user_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	CONSTRAINT "staff_user_branch_contacts_staff_user_id_branch_contact_id_pk" PRIMARY KEY("staff_user_id","branch_contact_id")
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"question_title" text NOT NULL,
	"question_type" text NOT NULL,
	"answer" text,
	"reason" text,
	"mandatory" boolean DEFAULT false NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_orderId_questionId_unique" UNIQUE("order_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"parent_question_id" integer,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"type" text NOT NULL,
	"question_order" integer DEFAULT 0 NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "survey_questions_surveyId_key_unique" UNIQUE("survey_id","key")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "surveys_branchId_unique" UNIQUE("branch_id")
);
--> statement-breakpoint
CREATE TABLE "aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"company_id" integer NOT NULL,
	"entity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"call_phone" text,
	"whats_app_phone" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"timezone" text,
	"mandatory_email" boolean DEFAULT false NOT NULL,
	"orders_console_active" boolean DEFAULT false NOT NULL,
	"force_customer_name" boolean DEFAULT false NOT NULL,
	"force_customer_phone" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"manual_closing" boolean DEFAULT false NOT NULL,
	"between_streets_required" boolean DEFAULT false NOT NULL,
	"own_logistics" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_contacts_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_message" text,
	"with_custom_logo" boolean DEFAULT false NOT NULL,
	"custom_logo_url" text,
	"with_custom_banner_logo" boolean DEFAULT false NOT NULL,
	"custom_banner_logo_url" text,
	"with_custom_horizontal_logo" boolean DEFAULT false NOT NULL,
	"with_custom_background_logo" boolean DEFAULT false NOT NULL,
	"ask_for_location" boolean DEFAULT false NOT NULL,
	"general_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"menu_customization" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fb_pixel_id" text,
	"google_tag_manager_id" text,
	"google_analytics_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"content_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"phone_prefix" text NOT NULL,
	"mantissa_length" smallint NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"radius_meters" integer,
	"polygon" jsonb,
	"fee" bigint NOT NULL,
	"cash_fee" bigint NOT NULL,
	"minimum_order_price" bigint DEFAULT 0 NOT NULL,
	"free_delivery_from" bigint,
	CONSTRAINT "delivery_zone_shape" CHECK (("delivery_zones"."radius_meters" is null) <> ("delivery_zones"."polygon" is null))
);
--> statement-breakpoint
CREATE TABLE "general_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_mode_id" integer,
	"partner_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(9, 4) NOT NULL,
	"priority" integer,
	CONSTRAINT "general_discount_owner" CHECK (("general_discounts"."order_mode_id" is null) <> ("general_discounts"."partner_id" is null))
);
--> statement-breakpoint
CREATE TABLE "general_surcharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_mode_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(9, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "menus_branchId_key_unique" UNIQUE("branch_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"show_name" text NOT NULL,
	"menu_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order_enabled" boolean DEFAULT true NOT NULL,
	"use_schedule" boolean DEFAULT false NOT NULL,
	"min_delay_in_minutes" integer DEFAULT 0 NOT NULL,
	"max_delay_in_minutes" integer DEFAULT 0 NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_fee" bigint DEFAULT 0 NOT NULL,
	"percentage_user_fee" numeric(9, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "order_modes_branchContactId_key_unique" UNIQUE("branch_contact_id","key")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"jwt_secret" text NOT NULL,
	CONSTRAINT "partners_companyId_name_unique" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer,
	"provider" text NOT NULL,
	"public_key" text,
	"access_token" text,
	"webhook_secret" text,
	"commerce_code" text,
	"api_key" text,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"base_url" text,
	CONSTRAINT "payment_provider_accounts_companyId_branchId_provider_unique" UNIQUE("company_id","branch_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_mode_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"upload" text NOT NULL,
	"payment_method" text NOT NULL,
	"provider_name" text DEFAULT 'DISABLED' NOT NULL,
	CONSTRAINT "payment_types_orderModeId_key_unique" UNIQUE("order_mode_id","key")
);
--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_loyalty_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("loyalty_reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_program_branch_contacts" ADD CONSTRAINT "loyalty_program_branch_contacts_loyalty_program_id_loyalty_programs_id_fk" FOREIGN KEY ("loyalty_program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_program_branch_contacts" ADD CONSTRAINT "loyalty_program_branch_contacts_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_orders" ADD CONSTRAINT "logistics_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_orders" ADD CONSTRAINT "logistics_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_orders" ADD CONSTRAINT "logistics_orders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_sessions" ADD CONSTRAINT "rider_sessions_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_sessions" ADD CONSTRAINT "rider_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_logistics_order_id_logistics_orders_id_fk" FOREIGN KEY ("logistics_order_id") REFERENCES "public"."logistics_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_stack_id_shipment_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."shipment_stacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_discounts" ADD CONSTRAINT "code_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_discounts" ADD CONSTRAINT "code_discounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnish_groups" ADD CONSTRAINT "garnish_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnish_groups" ADD CONSTRAINT "garnish_groups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnish_items" ADD CONSTRAINT "garnish_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnish_items" ADD CONSTRAINT "garnish_items_garnish_group_id_garnish_groups_id_fk" FOREIGN KEY ("garnish_group_id") REFERENCES "public"."garnish_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_discounts" ADD CONSTRAINT "menu_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_discounts" ADD CONSTRAINT "menu_discounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_garnish_groups" ADD CONSTRAINT "plate_garnish_groups_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_garnish_groups" ADD CONSTRAINT "plate_garnish_groups_garnish_group_id_garnish_groups_id_fk" FOREIGN KEY ("garnish_group_id") REFERENCES "public"."garnish_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_sizes" ADD CONSTRAINT "plate_sizes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_sizes" ADD CONSTRAINT "plate_sizes_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plates" ADD CONSTRAINT "plates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plates" ADD CONSTRAINT "plates_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plates" ADD CONSTRAINT "plates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_discount_redemptions" ADD CONSTRAINT "code_discount_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_discount_redemptions" ADD CONSTRAINT "code_discount_redemptions_code_discount_id_code_discounts_id_fk" FOREIGN KEY ("code_discount_id") REFERENCES "public"."code_discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_discount_redemptions" ADD CONSTRAINT "code_discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reports" ADD CONSTRAINT "order_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reports" ADD CONSTRAINT "order_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_code_discount_id_code_discounts_id_fk" FOREIGN KEY ("code_discount_id") REFERENCES "public"."code_discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_logs" ADD CONSTRAINT "client_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_branch_contacts" ADD CONSTRAINT "staff_user_branch_contacts_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_branch_contacts" ADD CONSTRAINT "staff_user_branch_contacts_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD CONSTRAINT "branch_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD CONSTRAINT "branch_contacts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_discounts" ADD CONSTRAINT "general_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_discounts" ADD CONSTRAINT "general_discounts_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_discounts" ADD CONSTRAINT "general_discounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_surcharges" ADD CONSTRAINT "general_surcharges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_surcharges" ADD CONSTRAINT "general_surcharges_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_modes" ADD CONSTRAINT "order_modes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_modes" ADD CONSTRAINT "order_modes_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_modes" ADD CONSTRAINT "order_modes_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_accounts" ADD CONSTRAINT "payment_provider_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_accounts" ADD CONSTRAINT "payment_provider_accounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abandoned_carts_branch_contact_id_phone_index" ON "abandoned_carts" USING btree ("branch_contact_id","phone");--> statement-breakpoint
CREATE INDEX "abandoned_carts_status_notify_after_index" ON "abandoned_carts" USING btree ("status","notify_after");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_customer_id_created_at_index" ON "loyalty_ledger" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_reward_once" ON "loyalty_ledger" USING btree ("customer_id","loyalty_reward_id");--> statement-breakpoint
CREATE INDEX "logistics_orders_branch_contact_id_index" ON "logistics_orders" USING btree ("branch_contact_id");--> statement-breakpoint
CREATE INDEX "rider_sessions_rider_id_index" ON "rider_sessions" USING btree ("rider_id");--> statement-breakpoint
CREATE INDEX "shipment_stacks_branch_contact_id_status_index" ON "shipment_stacks" USING btree ("branch_contact_id","status");--> statement-breakpoint
CREATE INDEX "shipments_branch_contact_id_status_created_at_index" ON "shipments" USING btree ("branch_contact_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_rider_id_index" ON "shipments" USING btree ("rider_id");--> statement-breakpoint
CREATE INDEX "shipments_stack_id_index" ON "shipments" USING btree ("stack_id");--> statement-breakpoint
CREATE INDEX "menu_discounts_branch_id_index" ON "menu_discounts" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "plates_category_id_index" ON "plates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "code_discount_redemptions_code_discount_id_phone_index" ON "code_discount_redemptions" USING btree ("code_discount_id","phone");--> statement-breakpoint
CREATE INDEX "order_items_order_id_index" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_reports_order_id_index" ON "order_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_events_order_id_index" ON "order_status_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_branch_contact_id_created_at_index" ON "orders" USING btree ("branch_contact_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_company_id_phone_index" ON "orders" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "orders_customer_id_index" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payments_order_id_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "analytics_events_company_id_type_created_at_index" ON "analytics_events" USING btree ("company_id","type","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_index" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_status_locked_until_index" ON "outbox_messages" USING btree ("status","locked_until");--> statement-breakpoint
CREATE INDEX "outbox_messages_branch_contact_id_created_at_index" ON "outbox_messages" USING btree ("branch_contact_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_user_id_index" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_users_company_id_index" ON "staff_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "survey_answers_order_id_index" ON "survey_answers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "aliases_company_id_index" ON "aliases" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "branch_contacts_company_id_index" ON "branch_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "branch_contacts_branch_id_index" ON "branch_contacts" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "branches_company_id_index" ON "branches" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_branch_contact_id_index" ON "delivery_zones" USING btree ("branch_contact_id");--> statement-breakpoint
CREATE INDEX "general_discounts_order_mode_id_index" ON "general_discounts" USING btree ("order_mode_id");--> statement-breakpoint
CREATE INDEX "general_discounts_partner_id_index" ON "general_discounts" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "general_surcharges_order_mode_id_index" ON "general_surcharges" USING btree ("order_mode_id");--> statement-breakpoint
CREATE INDEX "order_modes_company_id_index" ON "order_modes" USING btree ("company_id");