CREATE INDEX "licenses_property_uuids_idx" ON "licenses" USING gin ("property_uuids");
