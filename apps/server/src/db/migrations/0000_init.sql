CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_token" text NOT NULL,
	"device_name" text,
	"device_type" text DEFAULT 'WEB' NOT NULL,
	"device_language" text DEFAULT 'fr' NOT NULL,
	"device_info" jsonb,
	"device_gmt" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"device_name" text,
	"position" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"scanner_user_id" uuid,
	"custom_token_hash" text,
	"expiration_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"address" jsonb,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'gestionnaire' NOT NULL,
	"avatar" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" jsonb
);
--> statement-breakpoint
CREATE TABLE "preview_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"syndic_id" uuid NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syndic_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"tel_fixed" text,
	"tel_mobile" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syndics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"logo_url" text,
	"use_synple" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"address" jsonb,
	"email" text,
	"phone" text,
	"stripe_account_id" text,
	"card_payments_active" boolean DEFAULT false NOT NULL,
	"api_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "syndics_alias_unique" UNIQUE("alias"),
	CONSTRAINT "syndics_api_key_hash_unique" UNIQUE("api_key_hash")
);
--> statement-breakpoint
CREATE TABLE "coproprietaire_lots" (
	"coproprietaire_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	CONSTRAINT "coproprietaire_lots_coproprietaire_id_lot_id_pk" PRIMARY KEY("coproprietaire_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "coproprietaire_settings" (
	"coproprietaire_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "coproprietaire_settings_coproprietaire_id_key_pk" PRIMARY KEY("coproprietaire_id","key")
);
--> statement-breakpoint
CREATE TABLE "coproprietaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"unique_code" text NOT NULL,
	"address" jsonb,
	"is_member_syndicat" boolean DEFAULT false NOT NULL,
	"is_president" boolean DEFAULT false NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_supplement_info" jsonb,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"init_settings_done" boolean DEFAULT false NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coproprietaires_unique_code_unique" UNIQUE("unique_code")
);
--> statement-breakpoint
CREATE TABLE "copropriete_administrators" (
	"copropriete_id" uuid NOT NULL,
	"administrator_id" uuid NOT NULL,
	CONSTRAINT "copropriete_administrators_copropriete_id_administrator_id_pk" PRIMARY KEY("copropriete_id","administrator_id")
);
--> statement-breakpoint
CREATE TABLE "coproprietes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" jsonb NOT NULL,
	"email" text,
	"phone" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alur_cents" integer DEFAULT 0 NOT NULL,
	"avance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"metadata" jsonb,
	"used_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lot_tantiemes" (
	"lot_id" uuid NOT NULL,
	"repartition_id" uuid NOT NULL,
	"tantieme" integer NOT NULL,
	CONSTRAINT "lot_tantiemes_lot_id_repartition_id_pk" PRIMARY KEY("lot_id","repartition_id")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"lot_id" text NOT NULL,
	"name" text NOT NULL,
	"type_name" text DEFAULT 'Autre' NOT NULL,
	"agency_info" jsonb,
	"locataire" jsonb
);
--> statement-breakpoint
CREATE TABLE "repartitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"total_tantieme" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_lot_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"repartition_id" uuid NOT NULL,
	"charge_id" uuid,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"financial_year_id" uuid,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"bill_type" text NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"supplier_invoice_id" uuid,
	"ecriture_description" text NOT NULL,
	"description" text,
	"amount_cents" integer NOT NULL,
	"date" date NOT NULL,
	"verification_syndic" integer DEFAULT 0 NOT NULL,
	"verification_syndicat" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"repartition_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"charge_type" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"couple" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"bill_id" uuid,
	"payment_transaction_id" uuid,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"amount_type" text NOT NULL,
	"bill_type" text DEFAULT 'other' NOT NULL,
	"compte_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"user_id" uuid,
	"debits" jsonb NOT NULL,
	"credits" jsonb NOT NULL,
	"pay_amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"account_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_requests_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"payment_request_id" uuid,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"payment_method" text DEFAULT 'card' NOT NULL,
	"transfer_destination_name" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_status" (
	"copropriete_id" uuid PRIMARY KEY NOT NULL,
	"syndic_submit" integer DEFAULT 0 NOT NULL,
	"syndicat_finish" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecriture_lot_amounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ecriture_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecritures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_depenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"charge_name" text NOT NULL,
	"description" text,
	"amount_ttc_cents" integer NOT NULL,
	"repartitions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"fournisseur_name" text NOT NULL,
	"compte_name" text,
	"number" text,
	"internal_note" text,
	"status" integer DEFAULT 1 NOT NULL,
	"source_urls" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "document_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"copropriete_id" uuid,
	"syndic_id" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'default' NOT NULL,
	"number" text,
	"approve_date" date,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid,
	"group_id" uuid,
	"type_code" text,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer,
	"amount_type" text,
	"date" date NOT NULL,
	"year" integer,
	"month" integer,
	"ag_kind" text
);
--> statement-breakpoint
CREATE TABLE "communication_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"communication_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"copropriete_id" uuid,
	"coproprietaire_id" uuid NOT NULL,
	"sending_method" text NOT NULL,
	"module" text NOT NULL,
	"recipient_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text,
	"html_body" text,
	"content" text,
	"internal_executed_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assemblee_participants" (
	"assemblee_id" uuid NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"is_send_convocation" boolean DEFAULT false NOT NULL,
	"convocation_file_id" uuid,
	CONSTRAINT "assemblee_participants_assemblee_id_coproprietaire_id_pk" PRIMARY KEY("assemblee_id","coproprietaire_id")
);
--> statement-breakpoint
CREATE TABLE "assemblees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"type" text DEFAULT 'ORDINAIRE' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status_convocation" integer DEFAULT 0 NOT NULL,
	"date_sent_convocation" timestamp with time zone,
	"status_proces_verbal" integer DEFAULT 0 NOT NULL,
	"date_sent_proces_verbal" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"date_effectue" timestamp with time zone,
	"status_session" integer,
	"valid_to" timestamp with time zone,
	"visio_url" text,
	"convocation_file_id" uuid,
	"pv_file_id" uuid,
	"total_lots" integer DEFAULT 0 NOT NULL,
	"total_coproprietaires" integer DEFAULT 0 NOT NULL,
	"total_tantiemes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assemblee_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"preamble" text,
	"content" text,
	"comment" text,
	"article" text DEFAULT 'ART-24' NOT NULL,
	"no_vote" boolean DEFAULT false NOT NULL,
	"repartition_id" uuid,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "signature_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"assemblee_id" uuid NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"procurations" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	"signature_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resolution_id" uuid NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"vote_value" text,
	"vote_2_value" text,
	"method" text DEFAULT 'e_form' NOT NULL,
	"user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"category" text DEFAULT 'all' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sender" jsonb,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_type" text DEFAULT 'CREATE' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"event_action_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"coproprietaire_id" uuid,
	"category" text DEFAULT 'all' NOT NULL,
	"type" text DEFAULT 'INFO' NOT NULL,
	"sub_type" text DEFAULT 'CREATE' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sender" jsonb,
	"data" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"event_action_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"participant_type" text NOT NULL,
	"un_seen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_participant_id_pk" PRIMARY KEY("conversation_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"key" text NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"code" text,
	"meta" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_scanner_user_id_users_id_fk" FOREIGN KEY ("scanner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndic_contacts" ADD CONSTRAINT "syndic_contacts_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietaire_lots" ADD CONSTRAINT "coproprietaire_lots_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietaire_lots" ADD CONSTRAINT "coproprietaire_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietaire_settings" ADD CONSTRAINT "coproprietaire_settings_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD CONSTRAINT "coproprietaires_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD CONSTRAINT "coproprietaires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copropriete_administrators" ADD CONSTRAINT "copropriete_administrators_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copropriete_administrators" ADD CONSTRAINT "copropriete_administrators_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coproprietes" ADD CONSTRAINT "coproprietes_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_tantiemes" ADD CONSTRAINT "lot_tantiemes_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_tantiemes" ADD CONSTRAINT "lot_tantiemes_repartition_id_repartitions_id_fk" FOREIGN KEY ("repartition_id") REFERENCES "public"."repartitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repartitions" ADD CONSTRAINT "repartitions_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lot_lines" ADD CONSTRAINT "bill_lot_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lot_lines" ADD CONSTRAINT "bill_lot_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lot_lines" ADD CONSTRAINT "bill_lot_lines_repartition_id_repartitions_id_fk" FOREIGN KEY ("repartition_id") REFERENCES "public"."repartitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lot_lines" ADD CONSTRAINT "bill_lot_lines_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_invoices" ADD CONSTRAINT "charge_invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_invoices" ADD CONSTRAINT "charge_invoices_financial_year_id_financial_years_id_fk" FOREIGN KEY ("financial_year_id") REFERENCES "public"."financial_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_repartition_id_repartitions_id_fk" FOREIGN KEY ("repartition_id") REFERENCES "public"."repartitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_years" ADD CONSTRAINT "financial_years_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_status" ADD CONSTRAINT "verification_status_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecriture_lot_amounts" ADD CONSTRAINT "ecriture_lot_amounts_ecriture_id_ecritures_id_fk" FOREIGN KEY ("ecriture_id") REFERENCES "public"."ecritures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecriture_lot_amounts" ADD CONSTRAINT "ecriture_lot_amounts_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecritures" ADD CONSTRAINT "ecritures_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_depenses" ADD CONSTRAINT "invoice_depenses_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_groups" ADD CONSTRAINT "document_groups_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_groups" ADD CONSTRAINT "document_groups_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_group_id_document_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."document_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_attachments" ADD CONSTRAINT "communication_attachments_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_attachments" ADD CONSTRAINT "communication_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblee_participants" ADD CONSTRAINT "assemblee_participants_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblee_participants" ADD CONSTRAINT "assemblee_participants_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblee_participants" ADD CONSTRAINT "assemblee_participants_convocation_file_id_files_id_fk" FOREIGN KEY ("convocation_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_convocation_file_id_files_id_fk" FOREIGN KEY ("convocation_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_pv_file_id_files_id_fk" FOREIGN KEY ("pv_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_repartition_id_repartitions_id_fk" FOREIGN KEY ("repartition_id") REFERENCES "public"."repartitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD CONSTRAINT "signature_tokens_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD CONSTRAINT "signature_tokens_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD CONSTRAINT "signature_tokens_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_token" ON "devices" USING btree ("user_id","device_token");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_tokens_hash" ON "preview_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "coproprietaires_user" ON "coproprietaires" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coproprietaires_copro" ON "coproprietaires" USING btree ("copropriete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_copro_lot" ON "lots" USING btree ("copropriete_id","lot_id");--> statement-breakpoint
CREATE INDEX "bill_lot_lines_bill" ON "bill_lot_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_year_charge" ON "budgets" USING btree ("financial_year_id","charge_id");--> statement-breakpoint
CREATE INDEX "charge_invoices_charge" ON "charge_invoices" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_years_copro_year" ON "financial_years" USING btree ("copropriete_id","year");--> statement-breakpoint
CREATE INDEX "ledger_lines_owner" ON "ledger_lines" USING btree ("coproprietaire_id","date");--> statement-breakpoint
CREATE INDEX "payment_transactions_owner" ON "payment_transactions" USING btree ("coproprietaire_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_request" ON "payment_transactions" USING btree ("payment_request_id");--> statement-breakpoint
CREATE INDEX "supplier_invoices_copro" ON "supplier_invoices" USING btree ("copropriete_id","invoice_date");--> statement-breakpoint
CREATE INDEX "documents_owner" ON "documents" USING btree ("coproprietaire_id","type_code");--> statement-breakpoint
CREATE INDEX "documents_group" ON "documents" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "communications_owner" ON "communications" USING btree ("coproprietaire_id","sending_method","created_date");--> statement-breakpoint
CREATE INDEX "resolutions_ag" ON "resolutions" USING btree ("assemblee_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_resolution_owner" ON "votes" USING btree ("resolution_id","coproprietaire_id");--> statement-breakpoint
CREATE INDEX "messages_owner" ON "messages" USING btree ("coproprietaire_id","created_date");--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","created_date");--> statement-breakpoint
CREATE INDEX "chat_messages_conv" ON "chat_messages" USING btree ("conversation_id","created_date");--> statement-breakpoint
CREATE INDEX "outbox_status" ON "outbox" USING btree ("status","created_at");