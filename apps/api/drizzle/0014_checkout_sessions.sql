CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"contract_id" uuid,
	"state" text NOT NULL,
	"reason" text,
	"payment_intent_id" text,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_contract_id_signed_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."signed_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_lead_idx" ON "checkout_sessions" USING btree ("lead_id","state");--> statement-breakpoint
CREATE INDEX "checkout_sessions_intent_idx" ON "checkout_sessions" USING btree ("payment_intent_id");