ALTER TABLE `providers` ADD `company_name_ur` text;--> statement-breakpoint
ALTER TABLE `providers` ADD `description_ur` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `service_categories` ADD `name_ur` text;--> statement-breakpoint
ALTER TABLE `service_categories` ADD `description_ur` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text DEFAULT 'en' NOT NULL;