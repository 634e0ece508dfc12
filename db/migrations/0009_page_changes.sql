CREATE TABLE `page_changes` (
	`tag` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_changes_version_idx` ON `page_changes` (`version`);