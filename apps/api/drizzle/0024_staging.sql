ALTER TABLE "staging_shift_segment" ADD COLUMN "original_billing_code" text;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD COLUMN "source" text DEFAULT 'csv' NOT NULL;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD COLUMN "content_hash" text;