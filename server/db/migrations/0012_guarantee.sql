CREATE TABLE "reminders_sent" (
	"record_uuid" uuid NOT NULL,
	"stage" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_record_uuid_stage_pk" PRIMARY KEY("record_uuid","stage")
);
--> statement-breakpoint
CREATE TABLE "guarantees" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"facility_uuid" uuid,
	"order_uuid" uuid,
	"title" text NOT NULL,
	"guarantor_uuid" uuid NOT NULL,
	"start_date" date,
	"guarantee_duration" integer NOT NULL,
	"end_date" date,
	"amount" numeric(14, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "settings_groups" ADD COLUMN "guarantee_reminder_days" integer[] DEFAULT '{180,90,30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guarantees_scope_idx" ON "guarantees" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "guarantees_property_idx" ON "guarantees" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "guarantees_sort_idx" ON "guarantees" USING btree ("settings_group_uuid","end_date","uuid");--> statement-breakpoint
CREATE INDEX "guarantees_status_end_date_idx" ON "guarantees" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "guarantees_search_idx" ON "guarantees" USING gin ("search_text" gin_trgm_ops);