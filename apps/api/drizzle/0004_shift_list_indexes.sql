-- Covering partial indexes for the shift list's filters and its totals (issue "shift records with
-- EVV", bench:shifts). Hand-written: drizzle-kit cannot express INCLUDE. Live shifts only.
CREATE INDEX IF NOT EXISTS "shift_live_date_cover_idx" ON "shift" ("date") INCLUDE ("evv_in_time", "evv_out_time", "evv_status", "billing_code") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shift_live_status_date_idx" ON "shift" ("evv_status", "date") INCLUDE ("evv_in_time", "evv_out_time") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shift_live_csv_file_date_idx" ON "shift" ("csv_file_id", "date") INCLUDE ("evv_in_time", "evv_out_time") WHERE "deleted_at" IS NULL;
