ALTER TABLE "csv_file" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "csv_file" ADD COLUMN "header_signature" text;--> statement-breakpoint
ALTER TABLE "csv_file" ADD COLUMN "encoding" text;--> statement-breakpoint
ALTER TABLE "csv_file" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "import_hash" text;--> statement-breakpoint
CREATE INDEX "csv_file_header_signature_idx" ON "csv_file" USING btree ("header_signature","upload_date");