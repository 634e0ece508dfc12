CREATE TABLE `device_trusts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_trusts_user_idx` ON `device_trusts` (`user_id`);--> statement-breakpoint
CREATE INDEX `device_trusts_expires_idx` ON `device_trusts` (`expires_at`);