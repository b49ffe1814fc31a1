ALTER TABLE "task_events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("comment", ''))) STORED;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("body", ''))) STORED;--> statement-breakpoint
CREATE INDEX "task_events_search_idx" ON "task_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_comments_search_idx" ON "ticket_comments" USING gin ("search_text" gin_trgm_ops);