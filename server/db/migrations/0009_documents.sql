CREATE TABLE "documents" (
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
	"title" text NOT NULL,
	"original_filename" text,
	"category" text,
	"keyword" text,
	"language" text,
	"valid_from" date,
	"valid_to" date,
	"is_primary" boolean DEFAULT false,
	"file_type" text,
	"size" integer,
	"property_uuid" uuid,
	"checksum" text,
	"filename" text,
	"thumbnail" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("original_filename", '') || ' ' || coalesce("keyword", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "document_links" (
	"document_uuid" uuid NOT NULL,
	"model_name" text NOT NULL,
	"model_uuid" uuid NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "document_links_document_uuid_model_name_model_uuid_pk" PRIMARY KEY("document_uuid","model_name","model_uuid")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_document_uuid_documents_uuid_fk" FOREIGN KEY ("document_uuid") REFERENCES "public"."documents"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_scope_idx" ON "documents" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "documents_sort_idx" ON "documents" USING btree ("settings_group_uuid","title","uuid");--> statement-breakpoint
CREATE INDEX "documents_property_uuid_idx" ON "documents" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_links_record_idx" ON "document_links" USING btree ("model_name","model_uuid");