CREATE TABLE `contact_reveals` (
	`scope` text NOT NULL,
	`provider_id` text NOT NULL,
	`revealed_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `provider_id`)
);
--> statement-breakpoint
CREATE INDEX `contact_reveals_scope_time_idx` ON `contact_reveals` (`scope`,`revealed_at`);--> statement-breakpoint
CREATE INDEX `contact_reveals_time_idx` ON `contact_reveals` (`revealed_at`);