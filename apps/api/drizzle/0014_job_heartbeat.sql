ALTER TABLE "processing_job" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processing_job" ADD COLUMN "interrupted_at" timestamp with time zone;