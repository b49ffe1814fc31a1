ALTER TABLE "invitations" ADD COLUMN "user_group_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings_groups" ADD COLUMN "allowed_email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_sg_idx" ON "invitations" USING btree ("settings_group_uuid");--> statement-breakpoint
-- What a budget's available amount reads (docs/domain/calculations.md, "Budgets"): the orders and bills that draw
-- on it, and whether a live bill bills an order; partial, so that a list page's subqueries read only those rows.
CREATE INDEX "orders_budget_drawing_idx" ON "orders" USING btree ("budget_uuid") INCLUDE ("uuid", "total") WHERE "deleted_at" IS NULL AND "status" NOT IN ('cancelled', 'refused');--> statement-breakpoint
CREATE INDEX "bills_order_billing_idx" ON "bills" USING btree ("order_uuid") WHERE "deleted_at" IS NULL AND "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bills_budget_drawing_idx" ON "bills" USING btree ("budget_uuid") INCLUDE ("amount") WHERE "deleted_at" IS NULL AND "status" <> 'cancelled';
