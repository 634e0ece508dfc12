DROP INDEX `providers_created_at_idx`;--> statement-breakpoint
CREATE INDEX `providers_admin_list_idx` ON `providers` (`created_at`,`id`,`is_active`,`is_verified`,`is_suggested`,`company_name`,`location`,`email`);--> statement-breakpoint
DROP INDEX `users_created_at_idx`;--> statement-breakpoint
CREATE INDEX `users_admin_list_idx` ON `users` (`created_at`,`id`,`role`,`email`,`first_name`,`last_name`);