ALTER TABLE "tasks" ADD COLUMN "assignee_user_uuid" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assignee_name" text;--> statement-breakpoint
CREATE INDEX "tasks_assignee_user_uuid_idx" ON "tasks" USING btree ("assignee_user_uuid");