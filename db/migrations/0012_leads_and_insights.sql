CREATE TABLE `lead_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`sender_id` text,
	`side` text NOT NULL,
	`body` text NOT NULL,
	`quote_pkr` integer,
	`quote_valid_until` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lead_messages_side_check" CHECK("lead_messages"."side" in ('customer', 'provider')),
	CONSTRAINT "lead_messages_quote_check" CHECK("lead_messages"."quote_pkr" is null or "lead_messages"."quote_pkr" >= 0)
);
--> statement-breakpoint
CREATE INDEX `lead_messages_lead_idx` ON `lead_messages` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`need` text NOT NULL,
	`quantity` text,
	`budget_pkr` integer,
	`city` text NOT NULL,
	`needed_by` text,
	`photos` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`review_state` text DEFAULT 'visible' NOT NULL,
	`need_hash` text NOT NULL,
	`first_reply_at` integer,
	`last_message_at` integer NOT NULL,
	`provider_read_at` integer,
	`customer_read_at` integer,
	`provider_mailed_at` integer,
	`customer_mailed_at` integer,
	`reported_at` integer,
	`report_reason` text,
	`report_resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "leads_status_check" CHECK("leads"."status" in ('new', 'replied', 'quoted', 'won', 'lost')),
	CONSTRAINT "leads_review_state_check" CHECK("leads"."review_state" in ('visible', 'held', 'removed')),
	CONSTRAINT "leads_budget_check" CHECK("leads"."budget_pkr" is null or "leads"."budget_pkr" >= 0)
);
--> statement-breakpoint
CREATE INDEX `leads_provider_idx` ON `leads` (`provider_id`,`review_state`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_customer_idx` ON `leads` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_need_hash_idx` ON `leads` (`need_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_review_idx` ON `leads` (`review_state`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_reported_idx` ON `leads` (`reported_at`) WHERE reported_at IS NOT NULL AND report_resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `provider_search_terms_daily` (
	`provider_id` text NOT NULL,
	`day` text NOT NULL,
	`term` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`provider_id`, `day`, `term`),
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `provider_search_terms_daily_day_idx` ON `provider_search_terms_daily` (`day`);--> statement-breakpoint
CREATE TABLE `provider_stats_daily` (
	`provider_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`result_clicks` integer DEFAULT 0 NOT NULL,
	`contact_reveals` integer DEFAULT 0 NOT NULL,
	`phone_taps` integer DEFAULT 0 NOT NULL,
	`whatsapp_taps` integer DEFAULT 0 NOT NULL,
	`website_clicks` integer DEFAULT 0 NOT NULL,
	`quote_requests` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`provider_id`, `day`),
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `provider_stats_daily_day_idx` ON `provider_stats_daily` (`day`);--> statement-breakpoint
CREATE TABLE `search_stats_daily` (
	`day` text NOT NULL,
	`term` text NOT NULL,
	`city` text NOT NULL,
	`category_id` text NOT NULL,
	`searches` integer DEFAULT 0 NOT NULL,
	`no_results` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `term`, `city`, `category_id`)
);
--> statement-breakpoint
ALTER TABLE `providers` ADD `phone_on_whatsapp` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `providers` ADD `reply_minutes` integer;--> statement-breakpoint
ALTER TABLE `providers` ADD `is_fast_responder` integer DEFAULT false NOT NULL;