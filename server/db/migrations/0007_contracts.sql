CREATE TABLE "contracts" (
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
	"number_internal" text,
	"number_external" text,
	"contract_type" text DEFAULT 'service' NOT NULL,
	"contract_giver_uuid" uuid,
	"contract_acceptor_uuid" uuid,
	"contract_start_date" date,
	"contract_end_date" date,
	"contract_duration" integer,
	"notice_period" integer,
	"latest_cancellation_date" date,
	"cancellation_date" date,
	"auto_extend" boolean DEFAULT false,
	"extension_period" integer,
	"amount" numeric(14, 2),
	"currency" text DEFAULT 'CHF' NOT NULL,
	"payment_interval" text,
	"cost_group_uuid" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("number_internal", '') || ' ' || coalesce("number_external", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "contract_extensions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_uuid" uuid NOT NULL,
	"previous_end_date" date NOT NULL,
	"new_end_date" date NOT NULL,
	"months" integer NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "contract_facilities" (
	"contract_uuid" uuid NOT NULL,
	"facility_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "contract_facilities_contract_uuid_facility_uuid_pk" PRIMARY KEY("contract_uuid","facility_uuid")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "contract_uuid" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_contract_uuid_contracts_uuid_fk" FOREIGN KEY ("contract_uuid") REFERENCES "public"."contracts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_extensions" ADD CONSTRAINT "contract_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_facilities" ADD CONSTRAINT "contract_facilities_contract_uuid_contracts_uuid_fk" FOREIGN KEY ("contract_uuid") REFERENCES "public"."contracts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_facilities" ADD CONSTRAINT "contract_facilities_facility_uuid_facilities_uuid_fk" FOREIGN KEY ("facility_uuid") REFERENCES "public"."facilities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_facilities" ADD CONSTRAINT "contract_facilities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_scope_idx" ON "contracts" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "contracts_property_idx" ON "contracts" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "contracts_sort_idx" ON "contracts" USING btree ("settings_group_uuid","title","uuid");--> statement-breakpoint
CREATE INDEX "contracts_status_contract_end_date_idx" ON "contracts" USING btree ("status","contract_end_date");--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contract_extensions_contract_idx" ON "contract_extensions" USING btree ("contract_uuid","created_at");--> statement-breakpoint
CREATE INDEX "contract_facilities_facility_idx" ON "contract_facilities" USING btree ("facility_uuid");--> statement-breakpoint
CREATE INDEX "tasks_contract_uuid_idx" ON "tasks" USING btree ("contract_uuid");