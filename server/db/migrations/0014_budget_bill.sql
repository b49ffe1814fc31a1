CREATE TABLE "bills" (
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
	"title" text NOT NULL,
	"number_external" text,
	"contact_uuid" uuid,
	"budget_uuid" uuid,
	"order_uuid" uuid,
	"cost_group_uuid" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"tax" numeric(7, 3),
	"discount" numeric(7, 3),
	"currency" text DEFAULT 'CHF' NOT NULL,
	"bill_date" date,
	"due_date" date,
	"paid_at" date,
	"status" text DEFAULT 'open' NOT NULL,
	"overdue" boolean,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("number_external", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "budgets" (
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
	"cost_group_uuid" uuid,
	"name" text NOT NULL,
	"year" integer,
	"valid_from" date,
	"valid_to" date,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"exceeded_action" text DEFAULT 'warn' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "expenses" (
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
	"bill_uuid" uuid NOT NULL,
	"title" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_uuid" uuid,
	"unit_price" numeric(14, 2) NOT NULL,
	"discount" numeric(7, 3),
	"tax" numeric(7, 3),
	"total" numeric(14, 2),
	"cost_group_uuid" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_scope_idx" ON "bills" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "bills_property_idx" ON "bills" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "bills_sort_idx" ON "bills" USING btree ("settings_group_uuid","due_date","uuid");--> statement-breakpoint
CREATE INDEX "bills_budget_uuid_idx" ON "bills" USING btree ("budget_uuid");--> statement-breakpoint
CREATE INDEX "bills_order_uuid_idx" ON "bills" USING btree ("order_uuid");--> statement-breakpoint
CREATE INDEX "bills_contact_uuid_idx" ON "bills" USING btree ("contact_uuid");--> statement-breakpoint
CREATE INDEX "bills_search_idx" ON "bills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "budgets_scope_idx" ON "budgets" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "budgets_property_idx" ON "budgets" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "budgets_sort_idx" ON "budgets" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "budgets_year_idx" ON "budgets" USING btree ("year");--> statement-breakpoint
CREATE INDEX "budgets_search_idx" ON "budgets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_scope_idx" ON "expenses" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "expenses_property_idx" ON "expenses" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "expenses_bill_uuid_idx" ON "expenses" USING btree ("bill_uuid");--> statement-breakpoint
CREATE INDEX "expenses_search_idx" ON "expenses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_settings_group_uuid_contract_end_date_idx" ON "contracts" USING btree ("settings_group_uuid","contract_end_date");--> statement-breakpoint
CREATE INDEX "contracts_settings_group_uuid_latest_cancellation_date_idx" ON "contracts" USING btree ("settings_group_uuid","latest_cancellation_date");--> statement-breakpoint
CREATE INDEX "counters_settings_group_uuid_next_verification_date_idx" ON "counters" USING btree ("settings_group_uuid","next_verification_date");--> statement-breakpoint
CREATE INDEX "documents_settings_group_uuid_valid_to_idx" ON "documents" USING btree ("settings_group_uuid","valid_to");--> statement-breakpoint
CREATE INDEX "facilities_settings_group_uuid_renewal_date_idx" ON "facilities" USING btree ("settings_group_uuid","renewal_date");--> statement-breakpoint
CREATE INDEX "guarantees_settings_group_uuid_end_date_idx" ON "guarantees" USING btree ("settings_group_uuid","end_date");--> statement-breakpoint
CREATE INDEX "orders_budget_uuid_idx" ON "orders" USING btree ("budget_uuid");--> statement-breakpoint
CREATE INDEX "tenancies_settings_group_uuid_end_date_idx" ON "tenancies" USING btree ("settings_group_uuid","end_date");