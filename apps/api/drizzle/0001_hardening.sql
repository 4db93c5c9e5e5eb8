ALTER TABLE "leads" ADD COLUMN "unverified_for_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "smtp_message_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_lead_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("to_address","created_at");--> statement-breakpoint
UPDATE "users" SET "current_lead_id" = (SELECT "id" FROM "leads" WHERE "leads"."user_id" = "users"."id" ORDER BY "created_at" DESC LIMIT 1);--> statement-breakpoint
UPDATE "leads" SET "porcentaje_cuota" = NULL WHERE "porcentaje_cuota" IN ('Infinity'::float8, '-Infinity'::float8, 'NaN'::float8);
