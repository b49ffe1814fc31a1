CREATE TABLE "articles" (
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
	"access_rule_uuids" uuid[],
	"number" text NOT NULL,
	"title" text NOT NULL,
	"unit_uuid" uuid,
	"unit_price" numeric(14, 2),
	"tax_uuid" uuid,
	"cost_group_uuid" uuid,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || ' ' || coalesce("title", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "discounts" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"kind" text DEFAULT 'percent' NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "filter_groups" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "materials" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"category" text DEFAULT 'construction' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "service_rates" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"cost_per_hour" numeric(14, 2) NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "taxes" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"code" text,
	"rate" numeric(7, 3) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("code", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "floor_material_uuid" uuid;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "wall_material_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "net_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "tax_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payable_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "discount_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "article_uuid" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "tax_uuid" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "discount_uuid" uuid;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "material_uuid" uuid;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "filter_group_uuid" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payable_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "article_uuid" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_uuid" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_uuid" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "service_rate_uuid" uuid;--> statement-breakpoint
ALTER TABLE "task_events" ADD COLUMN "service_rate_uuid" uuid;--> statement-breakpoint
ALTER TABLE "task_events" ADD COLUMN "cost_per_hour" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_groups" ADD CONSTRAINT "filter_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_groups" ADD CONSTRAINT "filter_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_groups" ADD CONSTRAINT "filter_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_groups" ADD CONSTRAINT "filter_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_groups" ADD CONSTRAINT "filter_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rates" ADD CONSTRAINT "service_rates_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_scope_idx" ON "articles" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "articles_sort_idx" ON "articles" USING btree ("settings_group_uuid","number","uuid");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discounts_scope_idx" ON "discounts" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "discounts_sort_idx" ON "discounts" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "discounts_search_idx" ON "discounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "filter_groups_scope_idx" ON "filter_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "filter_groups_sort_idx" ON "filter_groups" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "filter_groups_search_idx" ON "filter_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_scope_idx" ON "materials" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "materials_sort_idx" ON "materials" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "materials_search_idx" ON "materials" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_rates_scope_idx" ON "service_rates" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "service_rates_sort_idx" ON "service_rates" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "service_rates_search_idx" ON "service_rates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taxes_scope_idx" ON "taxes" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "taxes_sort_idx" ON "taxes" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "taxes_search_idx" ON "taxes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- the net, tax and payable totals of the orders and bills there are (docs/domain/calculations.md, "Document totals"):
-- a line's net to the cent, the tax the rest of its total, the payable amount of a Swiss franc's total to 0.05
UPDATE "orders" o SET
  "net_total" = s.net,
  "tax_total" = s.gross - s.net,
  "payable_total" = CASE WHEN o."currency" = 'CHF' THEN round(s.gross * 20) / 20 ELSE s.gross END
FROM (
  SELECT "order_uuid",
    sum(round("quantity" * "unit_price" * (100 - coalesce("discount", 0)) / 100, 2)) AS net,
    sum("total") AS gross
  FROM "order_lines" WHERE "deleted_at" IS NULL AND "archived_at" IS NULL GROUP BY "order_uuid"
) s WHERE o."uuid" = s."order_uuid";
--> statement-breakpoint
UPDATE "bills" b SET
  "net_total" = round(b."amount" * 100 / (100 + coalesce(b."tax", 0)), 2),
  "tax_total" = b."amount" - round(b."amount" * 100 / (100 + coalesce(b."tax", 0)), 2),
  "payable_total" = CASE WHEN b."currency" = 'CHF' THEN round(b."amount" * 20) / 20 ELSE b."amount" END;
--> statement-breakpoint
UPDATE "bills" b SET
  "net_total" = s.net,
  "tax_total" = s.gross - s.net
FROM (
  SELECT "bill_uuid",
    sum(round("quantity" * "unit_price" * (100 - coalesce("discount", 0)) / 100, 2)) AS net,
    sum("total") AS gross
  FROM "expenses" WHERE "deleted_at" IS NULL AND "archived_at" IS NULL GROUP BY "bill_uuid"
) s WHERE b."uuid" = s."bill_uuid";
