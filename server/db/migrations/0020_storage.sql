CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"key" uuid,
	"size" bigint NOT NULL,
	"checksum" text NOT NULL,
	"chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_area_key_idx" ON "stored_files" USING btree ("area","key");--> statement-breakpoint
-- stored out of line, uncompressed: documents and workbooks are mostly compressed already (docs/documents-api.md, "Storage")
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
