DROP INDEX `providers_listing_idx`;--> statement-breakpoint
DROP INDEX `providers_city_listing_idx`;--> statement-breakpoint
CREATE INDEX `providers_listing_v2_idx` ON `providers` (`is_active`,"is_verified" desc,`company_name`,`id`);--> statement-breakpoint
CREATE INDEX `providers_city_listing_v2_idx` ON `providers` (`is_active`,`city`,"is_verified" desc,`company_name`,`id`);