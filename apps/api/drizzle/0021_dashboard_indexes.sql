-- Covering partial indexes for reads by client and date (issue 20 dashboards; decision 0051 "Measured"): a client's
-- live shifts by date index-only (budget use in `budgets/budget-segment-usage.ts` `findSegmentUsage`, also the
-- budget-overages report; the serving caregivers of `isp/plan-status.ts`), then their live segments by shift with what
-- the line match and the length need. Hand-written: drizzle-kit cannot express INCLUDE (as 0004). Live rows only.
CREATE INDEX IF NOT EXISTS "shift_live_client_date_idx" ON "shift" ("client_id", "date") INCLUDE ("id", "caregiver_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shift_segment_live_shift_cover_idx" ON "shift_segment" ("shift_id") INCLUDE ("evv_start", "evv_end", "billing_code", "modifier") WHERE "deleted_at" IS NULL;
