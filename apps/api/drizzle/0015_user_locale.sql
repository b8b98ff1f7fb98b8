ALTER TABLE "user_account" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_locale_check" CHECK ("user_account"."locale" in ('en', 'es'));