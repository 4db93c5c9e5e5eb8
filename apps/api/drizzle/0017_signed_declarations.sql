CREATE TABLE "signed_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"facts_sha256" text NOT NULL,
	"signature_kind" text NOT NULL,
	"signature_sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "signed_declarations_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "signed_declarations" ADD CONSTRAINT "signed_declarations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_declarations" ADD CONSTRAINT "signed_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signed_declarations_lead_idx" ON "signed_declarations" USING btree ("lead_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signed_declarations_current_idx" ON "signed_declarations" USING btree ("lead_id") WHERE "signed_declarations"."superseded_at" IS NULL;