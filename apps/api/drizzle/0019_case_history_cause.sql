ALTER TABLE "case_history" ADD COLUMN "cause" text;--> statement-breakpoint
-- Moves made by a sending before this column existed: the only automatic move with this note.
UPDATE "case_history" SET "cause" = 'envio'
WHERE "staff_id" IS NULL
  AND "note" = 'Hemos recibido tu expediente completo y lo preparamos para presentarlo a tu banco.';
