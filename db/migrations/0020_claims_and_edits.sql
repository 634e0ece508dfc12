CREATE TABLE `listing_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`token_hash` text,
	`expires_at` integer,
	`phone` text,
	`note` text DEFAULT '' NOT NULL,
	`photo_url` text,
	`reviewed_by` text,
	`reason` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "listing_claims_method_check" CHECK("listing_claims"."method" in ('email', 'evidence')),
	CONSTRAINT "listing_claims_status_check" CHECK("listing_claims"."status" in ('pending', 'approved', 'rejected', 'superseded', 'expired'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_claims_token_unique` ON `listing_claims` (`token_hash`);--> statement-breakpoint
CREATE INDEX `listing_claims_status_idx` ON `listing_claims` (`status`,`method`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_claims_provider_idx` ON `listing_claims` (`provider_id`,`status`);--> statement-breakpoint
CREATE INDEX `listing_claims_user_idx` ON `listing_claims` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `listing_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text,
	`field` text NOT NULL,
	`value` text,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_by` text,
	`reason` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "listing_edits_field_check" CHECK("listing_edits"."field" in ('phone', 'email', 'website', 'location', 'categories', 'closed', 'duplicate')),
	CONSTRAINT "listing_edits_status_check" CHECK("listing_edits"."status" in ('pending', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_edits_pending_field_unique` ON `listing_edits` (`provider_id`,`field`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `listing_edits_status_idx` ON `listing_edits` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_edits_provider_idx` ON `listing_edits` (`provider_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_edits_user_idx` ON `listing_edits` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `providers` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `providers` ADD `duplicate_of_id` text REFERENCES providers(id) ON DELETE set null;