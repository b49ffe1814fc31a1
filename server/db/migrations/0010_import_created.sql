CREATE TABLE "import_created" (
	"import_uuid" uuid NOT NULL,
	"first_row" integer NOT NULL,
	"records" uuid[] NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_created_import_uuid_first_row_pk" PRIMARY KEY("import_uuid","first_row")
);
--> statement-breakpoint
ALTER TABLE "import_created" ADD CONSTRAINT "import_created_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;