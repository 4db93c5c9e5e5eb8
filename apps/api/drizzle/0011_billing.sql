CREATE SEQUENCE "public"."receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"instalment" integer,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"provider_ref" text,
	"payment_intent_id" text,
	"invoice_id" text,
	"subscription_id" text,
	"receipt_number" text,
	"receipt_storage_key" text,
	"staff_id" uuid,
	"note" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_receipt_storage_key_unique" UNIQUE("receipt_storage_key")
);
--> statement-breakpoint
CREATE TABLE "signed_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"method" text NOT NULL,
	"terms_version" text NOT NULL,
	"consents" jsonb NOT NULL,
	"signature_kind" text NOT NULL,
	"signature_sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "signed_contracts_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "transfer_references" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_references_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_signed_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."signed_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_contracts" ADD CONSTRAINT "signed_contracts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_contracts" ADD CONSTRAINT "signed_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_references" ADD CONSTRAINT "transfer_references_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_lead_idx" ON "payments" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_intent_idx" ON "payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_first_paid_idx" ON "payments" USING btree ("lead_id","contract_id") WHERE "payments"."kind" IN ('unico', 'inicial') AND "payments"."state" = 'pagado';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_instalment_paid_idx" ON "payments" USING btree ("lead_id","contract_id","instalment") WHERE "payments"."kind" = 'cuota' AND "payments"."state" = 'pagado';--> statement-breakpoint
CREATE INDEX "signed_contracts_lead_idx" ON "signed_contracts" USING btree ("lead_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signed_contracts_current_idx" ON "signed_contracts" USING btree ("lead_id") WHERE "signed_contracts"."superseded_at" IS NULL;