ALTER TABLE "csv_file" ADD COLUMN "kind" text;--> statement-breakpoint
-- Backfill: until now the kind of an upload was the first folder of its stored path (decision 0008);
-- the shift import's folder is `evv/`, the other kinds' folders bear their kind's name.
UPDATE "csv_file" SET "kind" = CASE split_part("file_path", '/', 1) WHEN 'evv' THEN 'shifts' ELSE split_part("file_path", '/', 1) END;--> statement-breakpoint
ALTER TABLE "csv_file" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "csv_file_kind_upload_date_idx" ON "csv_file" USING btree ("kind","upload_date");
--> statement-breakpoint
-- A claim import (billing_import_batch) names the upload it was imported from (the `claims` kind, decision 0031).
ALTER TABLE "billing_import_batch" ADD COLUMN "csv_file_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD CONSTRAINT "billing_import_batch_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_import_batch_csv_file_id_idx" ON "billing_import_batch" USING btree ("csv_file_id");
