CREATE TABLE "import_errors" (
	"import_uuid" uuid NOT NULL,
	"row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	CONSTRAINT "import_errors_import_uuid_row_pk" PRIMARY KEY("import_uuid","row")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"user_id" integer NOT NULL,
	"model" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_user_id_model_pk" PRIMARY KEY("user_id","model")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_uuid" uuid NOT NULL,
	"record_uuid" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_rows_import_uuid_record_uuid_pk" PRIMARY KEY("import_uuid","record_uuid")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"model" text NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sheets" jsonb NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"options" jsonb,
	"settings_group_uuid" uuid,
	"idempotency_key" text,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"last_row" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_idempotency" ON "imports" USING btree ("user_id","file_hash","idempotency_key") WHERE idempotency_key is not null;