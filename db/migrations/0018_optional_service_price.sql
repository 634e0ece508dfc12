PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_services` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`category_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_pkr` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `service_categories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "services_price_check" CHECK("__new_services"."price_pkr" is null or "__new_services"."price_pkr" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_services`("id", "provider_id", "category_id", "name", "description", "price_pkr", "is_active", "created_at", "updated_at") SELECT "id", "provider_id", "category_id", "name", "description", "price_pkr", "is_active", "created_at", "updated_at" FROM `services`;--> statement-breakpoint
DROP TABLE `services`;--> statement-breakpoint
ALTER TABLE `__new_services` RENAME TO `services`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `services_provider_idx` ON `services` (`provider_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `services_category_provider_idx` ON `services` (`category_id`,`provider_id`);