CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_id` text,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`failed_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_idempotency_key_idx` ON `mail_outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_pending_idx` ON `mail_outbox` (`next_attempt_at`) WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);