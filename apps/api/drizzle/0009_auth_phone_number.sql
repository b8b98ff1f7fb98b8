ALTER TABLE "auth_user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_user" ADD CONSTRAINT "auth_user_phone_number_unique" UNIQUE("phone_number");