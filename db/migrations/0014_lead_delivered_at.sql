ALTER TABLE `leads` ADD `delivered_at` integer;--> statement-breakpoint
UPDATE `leads` SET `delivered_at` = `created_at` WHERE `review_state` = 'visible';
