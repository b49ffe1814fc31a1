ALTER TABLE "bills" ADD COLUMN "number_internal" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number_internal" text;--> statement-breakpoint
ALTER TABLE "bills" drop column "search_text";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("number_internal", '') || ' ' || coalesce("number_external", ''))) STORED;--> statement-breakpoint
ALTER TABLE "orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("number_internal", ''))) STORED;--> statement-breakpoint
CREATE INDEX "bills_search_idx" ON "bills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "access_rules_filter_uuids_idx" ON "access_rules" USING gin ("filter_uuids");--> statement-breakpoint
CREATE INDEX "access_rules_user_group_uuids_idx" ON "access_rules" USING gin ("user_group_uuids");--> statement-breakpoint
CREATE INDEX "bills_number_internal_unique_idx" ON "bills" USING btree ("settings_group_uuid","number_internal");--> statement-breakpoint
CREATE INDEX "contracts_number_internal_unique_idx" ON "contracts" USING btree ("settings_group_uuid","number_internal");--> statement-breakpoint
CREATE INDEX "counters_counter_id_unique_idx" ON "counters" USING btree ("settings_group_uuid","counter_id");--> statement-breakpoint
CREATE INDEX "orders_number_internal_unique_idx" ON "orders" USING btree ("settings_group_uuid","number_internal");--> statement-breakpoint
CREATE INDEX "permission_groups_user_group_uuids_idx" ON "permission_groups" USING gin ("user_group_uuids");--> statement-breakpoint
CREATE INDEX "properties_number_internal_unique_idx" ON "properties" USING btree ("settings_group_uuid","number_internal");--> statement-breakpoint
CREATE INDEX "units_symbol_unique_idx" ON "units" USING btree ("settings_group_uuid","symbol");--> statement-breakpoint
CREATE INDEX "user_groups_member_uuids_idx" ON "user_groups" USING gin ("member_uuids");
