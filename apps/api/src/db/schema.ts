import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgSequence,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { TIPOS_CBP } from '@cbp/core';

/** What may move a case besides the firm (case_history.cause). */
export const CASE_MOVE_CAUSES = ['envio'] as const;

/** A column that points at a lead: `lead_id` unless it is named otherwise. */
const leadRef = (name = 'lead_id') => uuid(name).references(() => leads.id);
/** A column that points at a client's account: `user_id` unless it is named otherwise. */
const userRef = (name = 'user_id') => uuid(name).references(() => users.id);

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A person known by e-mail. A password is set only once they create their account. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored trimmed and lower-cased so one person is one row. */
  email: text('email').notNull().unique(),
  nombre: text('nombre').notNull(),
  apellidos: text('apellidos').notNull(),
  telefono: text('telefono').notNull(),
  role: text('role', { enum: ['cliente', 'staff'] })
    .notNull()
    .default('cliente'),
  passwordHash: text('password_hash'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  /**
   * The lead the account works on. Set only by the owner (at the first password, the lead it
   * proved, decision 0560; or a lead sent with the account's own session), never by an anonymous
   * lead for the e-mail.
   */
  currentLeadId: uuid('current_lead_id'),
  /** When a payment first made the account a client of the firm (CLIENTE); null for a lead. */
  clientSince: timestamp('client_since', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    telefono: text('telefono').notNull(),
    /** As typed by the visitor; the link to the person goes through user_id. */
    email: text('email').notNull(),
    fase_comercial: text('fase_comercial').notNull(),
    estado: text('estado').notNull(),
    tipocbp: text('tipocbp', { enum: TIPOS_CBP }),
    respuestas: jsonb('respuestas'),
    porcentajeCuota: doublePrecision('porcentaje_cuota'),
    cumpleRequisitos: boolean('cumple_requisitos'),
    /** 'server' when recomputed from the answers, 'client' when only the labels were sent. */
    classificationSource: text('classification_source', { enum: ['server', 'client'] }).notNull(),
    /** The day the server classified the lead (Spain's calendar): the law of that day applies. */
    evaluationDate: text('evaluation_date'),
    /** The open code the answers fit ('cbp2012', 'cbp2022'), if any. */
    code: text('code', { enum: ['cbp2012', 'cbp2022'] }),
    /** A closed code the answers would have fitted, when no open one does. */
    closedCode: text('closed_code', { enum: ['cbp2012', 'cbp2022'] }),
    rulesVersion: text('rules_version'),
    privacyAcceptedAt: timestamp('privacy_accepted_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
    privacyPolicyVersion: text('privacy_policy_version').notNull(),
    consentIp: text('consent_ip'),
    /**
     * Sent without the account's credentials for an e-mail that already had an account, or not
     * proved the owner's when the first password was set (decision 0560): a new contact for the
     * firm, never visible to nor current for the account (decision 0314).
     */
    unverifiedForAccount: boolean('unverified_for_account').notNull().default(false),
    /** The case's phase (case_phases.id); `estado` keeps its name as the spec's field. */
    phaseId: text('phase_id').notNull().default('nuevo'),
    /** Holders of the mortgage and people in the household: the review wizard sets them. */
    numeroTitulares: integer('numero_titulares').notNull().default(1),
    miembrosUnidadFamiliar: integer('miembros_unidad_familiar').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    index('leads_user_id_idx').on(table.userId),
    index('leads_created_at_idx').on(table.createdAt),
    index('leads_email_idx').on(table.email),
  ],
);

/** Every calculation of a client's case, kept: the latest is the one /app shows. */
export const calculations = pgTable(
  'calculations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    /** The form as sent. */
    inputs: jsonb('inputs').notNull(),
    /** What core computed from it, on `evaluation_date`'s law and the rule table's version. */
    result: jsonb('result').notNull(),
    evaluationDate: text('evaluation_date').notNull(),
    rulesVersion: text('rules_version').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('calculations_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * The calculator wizard half filled in, one per case and person: the values as typed and the
 * step on screen, so another device opens it where it was left. Dropped once calculated.
 */
export const calculationDrafts = pgTable(
  'calculation_drafts',
  {
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    inputs: jsonb('inputs').notNull(),
    step: integer('step').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.leadId, table.userId] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** AES-256-GCM: the stored answer carries a session, so it is never kept in clear. */
    responseSealed: text('response_sealed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    /** 'lead' sessions reach only lead_id; 'account' sessions reach everything of user_id. */
    scope: text('scope', { enum: ['lead', 'account'] }).notNull(),
    leadId: leadRef(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', {
      enum: ['logout', 'reuse', 'password_changed', 'password_created', 'expired'],
    }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    purpose: text('purpose', { enum: ['create', 'reset'] }).notNull(),
    /** For 'create' links: the lead they were mailed for, which becomes the account's current one. */
    leadId: leadRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_tokens_user_id_idx').on(table.userId)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    /** Cleared once an SMTP server accepted the message: links in it carry secrets. */
    html: text('html'),
    text: text('text'),
    /**
     * 'sending': handed to the transport and not yet confirmed; never retried by itself.
     * 'withheld': never sent, over the cap of an address nobody has verified (no body kept).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'withheld'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    /** When the message was handed to the transport (status 'sending'). */
    sendingSince: timestamp('sending_since', { withTimezone: true, mode: 'date' }),
    /** The Message-ID the SMTP server accepted, once it did. */
    smtpMessageId: text('smtp_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_recipient_idx').on(table.toAddress, table.createdAt),
  ],
);

/** The embedded mode's "mail server": what would have been delivered, readable at /dev/correo. */
export const mailbox = pgTable('mailbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  outboxId: uuid('outbox_id')
    .notNull()
    .unique()
    .references(() => outbox.id),
  toAddress: text('to_address').notNull(),
  fromAddress: text('from_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

/** The firm's staff: separate from client accounts, with their own sessions and tokens. */
export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored trimmed and lower-cased. */
  email: text('email').notNull().unique(),
  nombre: text('nombre').notNull(),
  role: text('role', { enum: ['admin', 'gestor'] }).notNull(),
  /** Null until the invitation is accepted. */
  passwordHash: text('password_hash'),
  /** The TOTP secret, sealed with a key derived from the server secret; null when not enrolled. */
  totpSecretSealed: text('totp_secret_sealed'),
  /** The last TOTP time step accepted, so one code works once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  invitedBy: uuid('invited_by'),
  createdAt: createdAt(),
});

export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** The TOTP secret offered with this invitation, sealed; it becomes the member's on use. */
    totpSecretSealed: text('totp_secret_sealed').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('staff_invitations_staff_idx').on(table.staffId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Staff sessions end at this time however often they are refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', { enum: ['logout', 'reuse', 'disabled'] }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('staff_refresh_tokens_session_idx').on(table.sessionId)],
);

/**
 * Every staff action and security event. Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0007), and no code path of ours offers either.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['staff', 'cliente', 'sistema', 'anonimo'] }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_action_idx').on(table.action, table.at),
  ],
);

/** The phases a case goes through, as the firm defines them (seeded by migration 0007). */
export const casePhases = pgTable('case_phases', {
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  orden: integer('orden').notNull(),
  progreso: integer('progreso').notNull(),
  siguientePaso: text('siguiente_paso').notNull(),
  estimacion: text('estimacion').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Each move of a case between phases: what the client's "Estado del Caso" shows. */
export const caseHistory = pgTable(
  'case_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    fromPhase: text('from_phase'),
    toPhase: text('to_phase').notNull(),
    /** The phase's name when the move was made. */
    toPhaseName: text('to_phase_name').notNull(),
    fromPhaseName: text('from_phase_name'),
    note: text('note').notNull(),
    staffId: uuid('staff_id').references(() => staffMembers.id),
    /**
     * What made the move when it was not the firm by hand: 'envio', the client's sending.
     * Reopening looks for it here, never at the note's wording (decision 0803).
     */
    cause: text('cause', { enum: CASE_MOVE_CAUSES }),
    createdAt: createdAt(),
  },
  (table) => [index('case_history_lead_idx').on(table.leadId, table.createdAt)],
);

export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('lead_notes_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * The retrieval sandbox's sessions (embedded default only): what the provider would keep on
 * its side, so the widget page, the webhook and the summary agree across requests and instances.
 */
export const retrievalSandboxSessions = pgTable(
  'retrieval_sandbox_sessions',
  {
    id: uuid('id').primaryKey(),
    /** The provider's request shapes: `[{ model: { type, year? } }]`. */
    requests: jsonb('requests').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    metadata: jsonb('metadata').notNull(),
    /** created, completed, cancelled, expired. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('retrieval_sandbox_sessions_created_at_idx').on(table.createdAt)],
);

/** One sample document per requested model of a completed sandbox session. */
export const retrievalSandboxDocuments = pgTable(
  'retrieval_sandbox_documents',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => retrievalSandboxSessions.id, { onDelete: 'cascade' }),
    modelType: text('model_type').notNull(),
    modelYear: integer('model_year'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('retrieval_sandbox_documents_session_idx').on(table.sessionId)],
);

/**
 * The payment sandbox's checkout sessions (embedded default only): what Stripe would keep on its
 * side, so the checkout page, the webhooks and the later instalments agree across requests,
 * restarts and instances. Identifiers are spelt like Stripe's (cs_test_…, sub_…, in_…).
 */
export const paymentSandboxSessions = pgTable(
  'payment_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    /** The Idempotency-Key it was created with: the same key gives back the same session. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    plan: text('plan', { enum: ['unico', 'fraccionado'] }).notNull(),
    mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
    /** What the first payment charges, in cents. */
    amountTotalCents: integer('amount_total_cents').notNull(),
    /** The monthly price of a subscription, in cents; null for a single payment. */
    monthlyCents: integer('monthly_cents'),
    currency: text('currency').notNull(),
    clientReferenceId: text('client_reference_id').notNull(),
    customerEmail: text('customer_email'),
    metadata: jsonb('metadata').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] }).notNull(),
    customerId: text('customer_id'),
    paymentIntentId: text('payment_intent_id'),
    invoiceId: text('invoice_id'),
    subscriptionId: text('subscription_id').unique(),
    subscriptionStatus: text('subscription_status', { enum: ['active', 'canceled'] }),
    scheduleId: text('schedule_id'),
    /** Monthly invoices the schedule lets the subscription bill, the first one included. */
    scheduledInvoices: integer('scheduled_invoices'),
    /** An instalment whose charge failed and that the next attempt pays. */
    openInvoiceId: text('open_invoice_id'),
    openInvoiceAttempts: integer('open_invoice_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('payment_sandbox_sessions_created_at_idx').on(table.createdAt)],
);

/** Each successful charge of the payment sandbox: the first payment and every instalment. */
export const paymentSandboxPayments = pgTable(
  'payment_sandbox_payments',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    chargeId: text('charge_id').notNull().unique(),
    sessionId: text('session_id')
      .notNull()
      .references(() => paymentSandboxSessions.id, { onDelete: 'cascade' }),
    /** The subscription's invoice it paid; null for a single payment. */
    invoiceId: text('invoice_id').unique(),
    /** Stripe's billing_reason of that invoice: subscription_create, subscription_cycle. */
    billingReason: text('billing_reason'),
    amountCents: integer('amount_cents').notNull(),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('payment_sandbox_payments_session_idx').on(table.sessionId, table.createdAt)],
);

/** Refunds made through the payment sandbox, kept by Idempotency-Key as Stripe does. */
export const paymentSandboxRefunds = pgTable(
  'payment_sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => paymentSandboxPayments.paymentIntentId, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_sandbox_refunds_payment_idx').on(table.paymentIntentId)],
);

/**
 * Provider webhooks already handled, so a retried or replayed delivery is handled once. The key
 * is the event's id when the provider sends one, else the SHA-256 of the signed body.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    name: text('name').notNull(),
    sessionId: text('session_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventKey] }),
    index('webhook_events_session_idx').on(table.provider, table.sessionId),
  ],
);

/**
 * Every file of a client's case: uploaded into a checklist slot ('1/dni-nie', 'hipoteca/nota-simple')
 * or retrieved from the provider. Only complete, checked files are ever written here; a
 * replaced file is kept with `superseded_at` set, so reviews and the audit log still point at it.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    /** Who uploaded it; null for retrieved files. */
    userId: userRef(),
    origin: text('origin', { enum: ['subida', 'obtenido'] }).notNull(),
    /** The checklist entry of an upload; null for retrieved files. */
    slot: text('slot'),
    /** The provider's model and year of a retrieved file (spec's names, e.g. HACIENDA_RENTA). */
    model: text('model'),
    modelYear: integer('model_year'),
    /** The provider's id of a retrieved file, so a repeated webhook stores it once. */
    providerDocumentId: text('provider_document_id'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type', {
      enum: ['application/pdf', 'image/jpeg', 'image/png'],
    }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    estado: text('estado', { enum: ['pendiente', 'aprobado', 'rechazado'] })
      .notNull()
      .default('pendiente'),
    rejectReason: text('reject_reason'),
    reviewedBy: uuid('reviewed_by').references(() => staffMembers.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /**
     * When a replaced file's bytes were deleted (nobody reviewed it and no sent file holds it,
     * decision 0590); the row stays for the case's history.
     */
    contentDeletedAt: timestamp('content_deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('documents_lead_idx').on(table.leadId, table.createdAt),
    uniqueIndex('documents_current_slot_idx')
      .on(table.leadId, table.slot)
      .where(sql`${table.slot} IS NOT NULL AND ${table.supersededAt} IS NULL`),
    uniqueIndex('documents_provider_document_idx')
      .on(table.leadId, table.providerDocumentId)
      .where(sql`${table.providerDocumentId} IS NOT NULL`),
  ],
);

/** Each time the client pressed 'Finalizar subida de documentos': what was there and what was missing. */
export const documentDeliveries = pgTable(
  'document_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    /** Ids of the documents delivered. */
    documentIds: jsonb('document_ids').notNull(),
    /** Checklist entries still without a file. */
    missing: jsonb('missing').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('document_deliveries_lead_idx').on(table.leadId, table.createdAt)],
);

/** The client's retrieval sessions at the provider (Bankflip or the sandbox), newest last. */
export const retrievalSessions = pgTable(
  'retrieval_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    provider: text('provider', { enum: ['bankflip', 'sandbox'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull().unique(),
    widgetLink: text('widget_link').notNull(),
    /** The spec's estado: 'iniciada' until the provider reports an end, then what it reported. */
    estado: text('estado').notNull().default('iniciada'),
    /** The models asked for, as the spec names them: `[{ model, year? }]`. */
    requests: jsonb('requests').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('retrieval_sessions_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * Each contract signed for a case, with its evidence PDF (decision 0481). Signing again before
 * paying supersedes the previous one; the current one has `superseded_at` null.
 */
export const signedContracts = pgTable(
  'signed_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    plan: text('plan', { enum: ['unico', 'fraccionado'] }).notNull(),
    method: text('method', { enum: ['tarjeta', 'transferencia'] }).notNull(),
    termsVersion: text('terms_version').notNull(),
    /** `[{ id, text, accepted }]` as shown and recorded in the PDF. */
    consents: jsonb('consents').notNull(),
    signatureKind: text('signature_kind', { enum: ['dibujada', 'escrita'] }).notNull(),
    signatureSha256: text('signature_sha256').notNull(),
    /** The signature image (PNG) or typed name, stored encrypted, for the application letter. */
    signatureStorageKey: text('signature_storage_key'),
    storageKey: text('storage_key').notNull().unique(),
    /** SHA-256 of the evidence PDF, as the audit log keeps it. */
    sha256: text('sha256').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The first payment confirmed: the contract runs from then. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('signed_contracts_lead_idx').on(table.leadId, table.signedAt),
    uniqueIndex('signed_contracts_current_idx')
      .on(table.leadId)
      .where(sql`${table.supersededAt} IS NULL`),
  ],
);

/**
 * Each declaración responsable signed for a case (decision 0640), with its PDF. It states the
 * facts whose SHA-256 is `facts_sha256`: once the review or the calculation says something else,
 * it is no longer valid and must be signed again (decision 0641). Signing again supersedes the
 * previous one; the current one has `superseded_at` null.
 */
export const signedDeclarations = pgTable(
  'signed_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    /** SHA-256 of the facts the declaration states (the review's and the calculation's). */
    factsSha256: text('facts_sha256').notNull(),
    signatureKind: text('signature_kind', { enum: ['dibujada', 'escrita'] }).notNull(),
    signatureSha256: text('signature_sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** SHA-256 of the signed PDF, as the audit log keeps it. */
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('signed_declarations_lead_idx').on(table.leadId, table.signedAt),
    uniqueIndex('signed_declarations_current_idx')
      .on(table.leadId)
      .where(sql`${table.supersededAt} IS NULL`),
  ],
);

/** Receipt numbers: one series for every payment the firm receipts (decision 0484). */
export const receiptNumbers = pgSequence('receipt_numbers', { startWith: 1 });

/**
 * Money in and out of a case: the single payment, the split plan's initial payment and
 * instalments (paid or failed), and refunds. A provider's id is unique, so an event applies once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => signedContracts.id),
    kind: text('kind', { enum: ['unico', 'inicial', 'cuota', 'reembolso'] }).notNull(),
    /** The split plan's instalment, 1 to 10. */
    instalment: integer('instalment'),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: ['tarjeta', 'transferencia'] }).notNull(),
    state: text('state', { enum: ['pagado', 'fallido'] }).notNull(),
    /** The checkout session, invoice or refund at the card provider; null for transfers. */
    providerRef: text('provider_ref').unique(),
    paymentIntentId: text('payment_intent_id'),
    /** The split plan's invoice a card payment settled (its PaymentIntent is asked for a refund). */
    invoiceId: text('invoice_id'),
    subscriptionId: text('subscription_id'),
    receiptNumber: text('receipt_number').unique(),
    receiptStorageKey: text('receipt_storage_key').unique(),
    /** The staff member who recorded a transfer or a transfer refund. */
    staffId: uuid('staff_id').references(() => staffMembers.id),
    note: text('note'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('payments_lead_idx').on(table.leadId, table.createdAt),
    index('payments_intent_idx').on(table.paymentIntentId),
    uniqueIndex('payments_first_paid_idx')
      .on(table.leadId, table.contractId)
      .where(sql`${table.kind} IN ('unico', 'inicial') AND ${table.state} = 'pagado'`),
    uniqueIndex('payments_instalment_paid_idx')
      .on(table.leadId, table.contractId, table.instalment)
      .where(sql`${table.kind} = 'cuota' AND ${table.state} = 'pagado'`),
  ],
);

/**
 * The card checkouts opened for a case (decision 0550): each one is bound to the contract it was
 * opened for. Signing again or withdrawing expires the open ones; a checkout paid for a contract
 * no longer in force is refused and refunded instead of being applied to the case.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The gateway's id (cs_…). */
    id: text('id').primaryKey(),
    leadId: leadRef().notNull(),
    /** Null only for a checkout refused without a contract of the case to name (sin-contrato). */
    contractId: uuid('contract_id').references(() => signedContracts.id),
    state: text('state', { enum: ['abierta', 'caducada', 'aplicada', 'rechazada'] }).notNull(),
    /** Why a paid checkout was refused: contrato-sustituido, contrato-desistido, plan-distinto… */
    reason: text('reason'),
    /** The PaymentIntent a refused checkout charged, so its refund is recognised. */
    paymentIntentId: text('payment_intent_id'),
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('checkout_sessions_lead_idx').on(table.leadId, table.state),
    index('checkout_sessions_intent_idx').on(table.paymentIntentId),
  ],
);

/** The reference a case's transfers carry, so the firm can match them (decision 0485). */
export const transferReferences = pgTable('transfer_references', {
  leadId: leadRef().primaryKey(),
  reference: text('reference').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The review wizard's draft of a case, kept as typed (one per case). `revision` is the browser's
 * counter: a save is kept only when newer, so retries and late arrivals change nothing.
 */
export const reviewDrafts = pgTable('review_drafts', {
  leadId: leadRef().primaryKey(),
  values: jsonb('values').notNull(),
  step: integer('step').notNull(),
  tab: text('tab').notNull(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** 'Finalizar revisión' accepted; cleared by any later change. */
  finalizedAt: timestamp('finalized_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Each time a client sent the file: the application letter with its annexes (stored encrypted)
 * and what it was made from. At most one is open per case; while it is, the file is locked.
 * Staff reopening it sets `reopenedAt`, and a later send adds a new row.
 */
export const caseSubmissions = pgTable(
  'case_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    bank: text('bank').notNull(),
    code: text('code', { enum: ['cbp2012', 'cbp2022'] }).notNull(),
    /** The measures requested, as the letter words them. */
    measures: jsonb('measures').notNull(),
    /** The review form as sent. */
    review: jsonb('review').notNull(),
    /** `[{ id, nombre, persona, fileId }]` of the annexes, in the letter's order. */
    documents: jsonb('documents').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true, mode: 'date' }),
    reopenedBy: uuid('reopened_by').references(() => staffMembers.id),
    reopenNote: text('reopen_note'),
    /** The day (Spain's calendar) the firm presented the application to the bank; the bank's month runs from it. */
    presentedOn: date('presented_on', { mode: 'string' }),
    presentedBy: uuid('presented_by').references(() => staffMembers.id),
    presentedRecordedAt: timestamp('presented_recorded_at', { withTimezone: true, mode: 'date' }),
    /**
     * `[{ numero, storageKey, sha256, bytes, paginas, contenido }]`: the bank file's parts, part 1
     * (the letter first) being the row's own storage key, SHA-256 and size. Null on rows sent
     * before files were split: one part, the row's own.
     */
    parts: jsonb('parts'),
  },
  (table) => [
    index('case_submissions_lead_idx').on(table.leadId, table.sentAt),
    uniqueIndex('case_submissions_open_idx')
      .on(table.leadId)
      .where(sql`${table.reopenedAt} IS NULL`),
  ],
);

/**
 * A request to build and send the bank file (decision 0580): accepted by 'Enviar expediente',
 * built by a worker that claims it with a row lock, and finished by recording the send. While
 * one is accepted or being built the file is locked and no second one is accepted for the case.
 */
export const submissionBuilds = pgTable(
  'submission_builds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: leadRef().notNull(),
    userId: userRef().notNull(),
    actorEmail: text('actor_email').notNull(),
    ip: text('ip').notNull(),
    state: text('state', { enum: ['aceptado', 'en-preparacion', 'listo', 'fallido'] }).notNull(),
    /** Why it failed, in Spanish, for the person. */
    reason: text('reason'),
    /** What the file was made of when it was accepted; the send is recorded only if it still is. */
    fingerprint: text('fingerprint').notNull(),
    annexesDone: integer('annexes_done').notNull().default(0),
    annexesTotal: integer('annexes_total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Changed at every claim: only the worker holding it may finish the build. */
    claimToken: uuid('claim_token'),
    /** Renewed while building; a build whose heartbeat stops is claimed again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    submissionId: uuid('submission_id').references(() => caseSubmissions.id),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('submission_builds_lead_idx').on(table.leadId, table.createdAt),
    uniqueIndex('submission_builds_active_idx')
      .on(table.leadId)
      .where(sql`${table.state} IN ('aceptado', 'en-preparacion')`),
  ],
);

/**
 * The official 12-month Euribor of each month (decision 0620). Append-only: a correction is a
 * new row that `supersedes` the one it replaces (decision 0621); the value in force for a month
 * is its row no other row supersedes. `addedBy` null: loaded from core's rule table.
 */
export const euriborMonths = pgTable(
  'euribor_months',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    /** The monthly average in thousandths of a percentage point: 2221 is 2,221 %. */
    thousandths: integer('thousandths').notNull(),
    /** The BOE reference, or the rule table's source for a seeded row. */
    reference: text('reference').notNull(),
    supersedes: bigint('supersedes', { mode: 'number' }).references(
      (): AnyPgColumn => euriborMonths.id,
    ),
    addedBy: uuid('added_by').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('euribor_months_first_idx')
      .on(table.month)
      .where(sql`${table.supersedes} IS NULL`),
    uniqueIndex('euribor_months_supersedes_idx').on(table.supersedes),
  ],
);

/** The IPREM of each year, in cents (decision 0620); append-only like `euribor_months`. */
export const ipremYears = pgTable(
  'iprem_years',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
    annual12Cents: integer('annual12_cents').notNull(),
    annual14Cents: integer('annual14_cents').notNull(),
    reference: text('reference').notNull(),
    supersedes: bigint('supersedes', { mode: 'number' }).references(
      (): AnyPgColumn => ipremYears.id,
    ),
    addedBy: uuid('added_by').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('iprem_years_first_idx')
      .on(table.year)
      .where(sql`${table.supersedes} IS NULL`),
    uniqueIndex('iprem_years_supersedes_idx').on(table.supersedes),
  ],
);
