ALTER TABLE "quarterly_summary" ADD COLUMN "note_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quarterly_summary" ADD COLUMN "shift_count" integer DEFAULT 0 NOT NULL;