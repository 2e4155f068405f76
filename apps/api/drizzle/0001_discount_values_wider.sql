ALTER TABLE "code_discounts" ALTER COLUMN "value" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "general_discounts" ALTER COLUMN "value" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "general_surcharges" ALTER COLUMN "value" SET DATA TYPE numeric(18, 4);