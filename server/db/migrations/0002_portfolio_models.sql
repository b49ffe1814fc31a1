CREATE TABLE "areas" (
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
	"partition_uuid" uuid,
	"name" text NOT NULL,
	"number_internal" text,
	"floor" text,
	"area_type" text DEFAULT 'room',
	"net_room_area" numeric(12, 2),
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("number_internal", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "contacts" (
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
	"kind" text DEFAULT 'person' NOT NULL,
	"display_name" text,
	"organisation" text,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"email_address" text,
	"phone_number" text,
	"street" text,
	"postcode" text,
	"city" text,
	"country" text DEFAULT 'CH',
	"language" text,
	"keyword" text,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("organisation", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email_address", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("city", '') || ' ' || coalesce("keyword", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "cost_groups" (
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
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_cost_group_uuid" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code", '') || ' ' || coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "facilities" (
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
	"partition_uuid" uuid,
	"area_uuid" uuid,
	"parent_facility_uuid" uuid,
	"name" text NOT NULL,
	"number_internal" text,
	"number_external" text,
	"serial_number" text,
	"identification_no" text,
	"manufacturer" text,
	"model" text,
	"cost_group_uuid" uuid,
	"renewal_group_uuid" uuid,
	"unit_uuid" uuid,
	"quantity" numeric(14, 4),
	"unit_price" numeric(14, 2),
	"purchase_date" date,
	"purchase_price" numeric(14, 2),
	"commissioning_date" date,
	"commissioning_year" integer,
	"lifetime" integer,
	"remaining_lifetime" integer,
	"renewal_date" date,
	"renewal_costs" numeric(14, 2),
	"dismantling_cost_share" numeric(7, 3),
	"depreciation_period" integer,
	"depreciation" numeric(14, 2),
	"excluded_from_renewal" boolean DEFAULT false,
	"condition" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("number_internal", '') || ' ' || coalesce("number_external", '') || ' ' || coalesce("serial_number", '') || ' ' || coalesce("identification_no", '') || ' ' || coalesce("manufacturer", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "partitions" (
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
	"name" text NOT NULL,
	"number_internal" text,
	"usage" text DEFAULT 'residential',
	"floor" text,
	"net_room_area" numeric(12, 2),
	"energy_reference_area" numeric(12, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("number_internal", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "properties" (
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
	"name" text NOT NULL,
	"number_internal" text,
	"number_external" text,
	"street" text,
	"postcode" text,
	"city" text,
	"country" text DEFAULT 'CH',
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"construction_year" integer,
	"energy_reference_area" numeric(12, 2),
	"gross_building_area" numeric(12, 2),
	"gross_volume" numeric(12, 2),
	"net_room_area" numeric(12, 2),
	"insurance_value_basic" numeric(14, 2),
	"insurance_value_new" numeric(14, 2),
	"insurance_value_current" numeric(14, 2),
	"insurance_value_reduced" numeric(14, 2),
	"insurance_index_base" numeric(14, 4),
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("number_internal", '') || ' ' || coalesce("number_external", '') || ' ' || coalesce("street", '') || ' ' || coalesce("postcode", '') || ' ' || coalesce("city", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "renewal_groups" (
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
	"name" text NOT NULL,
	"default_lifetime" integer,
	"default_unit_price" numeric(14, 2),
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
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
	"partition_uuid" uuid NOT NULL,
	"contact_uuid" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"rent_amount" numeric(14, 2),
	"currency" text DEFAULT 'CHF',
	"notice_period" integer,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
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
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("symbol", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partitions" ADD CONSTRAINT "partitions_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partitions" ADD CONSTRAINT "partitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partitions" ADD CONSTRAINT "partitions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partitions" ADD CONSTRAINT "partitions_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partitions" ADD CONSTRAINT "partitions_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD CONSTRAINT "renewal_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD CONSTRAINT "renewal_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD CONSTRAINT "renewal_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD CONSTRAINT "renewal_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD CONSTRAINT "renewal_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_scope_idx" ON "areas" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "areas_property_idx" ON "areas" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "areas_sort_idx" ON "areas" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "areas_search_idx" ON "areas" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_scope_idx" ON "contacts" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "contacts_sort_idx" ON "contacts" USING btree ("settings_group_uuid","display_name","uuid");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cost_groups_scope_idx" ON "cost_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "cost_groups_parent_idx" ON "cost_groups" USING btree ("parent_cost_group_uuid");--> statement-breakpoint
CREATE INDEX "cost_groups_sort_idx" ON "cost_groups" USING btree ("settings_group_uuid","code","uuid");--> statement-breakpoint
CREATE INDEX "cost_groups_search_idx" ON "cost_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_scope_idx" ON "facilities" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "facilities_property_idx" ON "facilities" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "facilities_parent_idx" ON "facilities" USING btree ("parent_facility_uuid");--> statement-breakpoint
CREATE INDEX "facilities_sort_idx" ON "facilities" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "facilities_search_idx" ON "facilities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partitions_scope_idx" ON "partitions" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "partitions_property_idx" ON "partitions" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "partitions_sort_idx" ON "partitions" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "partitions_search_idx" ON "partitions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_scope_idx" ON "properties" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "properties_sort_idx" ON "properties" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "renewal_groups_scope_idx" ON "renewal_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "renewal_groups_sort_idx" ON "renewal_groups" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "renewal_groups_search_idx" ON "renewal_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenancies_scope_idx" ON "tenancies" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "tenancies_property_idx" ON "tenancies" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "tenancies_sort_idx" ON "tenancies" USING btree ("settings_group_uuid","start_date","uuid");--> statement-breakpoint
CREATE INDEX "units_scope_idx" ON "units" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "units_sort_idx" ON "units" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "units_search_idx" ON "units" USING gin ("search_text" gin_trgm_ops);