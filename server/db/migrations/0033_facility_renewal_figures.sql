ALTER TABLE "facilities" ADD COLUMN "age" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "renewal_date_manual" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "renewal_year" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "renewal_status" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "index_factor" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "time_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "book_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "depreciation";