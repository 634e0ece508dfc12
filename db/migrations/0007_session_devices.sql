-- Edited after drizzle-kit generate: SQLite cannot add a NOT NULL column without a constant
-- default, so the two columns get one here and existing sessions are filled in below. New rows
-- always get real values from the app (db/schema.ts $defaultFn, functions/auth/session.ts).
ALTER TABLE `sessions` ADD `public_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `public_id` = lower(hex(randomblob(12))), `last_used_at` = `created_at`;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_public_id_unique` ON `sessions` (`public_id`);
