-- Services at price 0 of a listing nobody owns become unpriced (decision 023).
-- Approving a suggestion and the admin's 'Add Provider' stored 0 for "not
-- priced yet", and only an owner can price a service, so an unowned listing's
-- 0 was never entered by anyone. An owner's 0 was entered on purpose (or kept
-- from before the claim, which their dashboard shows them): it stays, and now
-- reads 'Free'.
--
-- Cards, provider pages and their JSON-LD show the prices: when there is a row
-- to change, every page is marked changed first (markDataChanged in
-- db/queries/site-meta.ts, as migration 0017 does), so a site built before
-- renders its pages afresh. A database with no such row stays at its version.
INSERT INTO `site_meta` (`key`, `value`)
SELECT 'data_version', '1' WHERE EXISTS (
  SELECT 1 FROM `services` s JOIN `providers` p ON p.`id` = s.`provider_id`
  WHERE s.`price_pkr` = 0 AND p.`user_id` IS NULL
)
ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
--> statement-breakpoint
INSERT INTO `page_changes` (`tag`, `version`)
SELECT 'all', CAST(`value` AS INTEGER) FROM `site_meta`
WHERE `key` = 'data_version' AND EXISTS (
  SELECT 1 FROM `services` s JOIN `providers` p ON p.`id` = s.`provider_id`
  WHERE s.`price_pkr` = 0 AND p.`user_id` IS NULL
)
ON CONFLICT (`tag`) DO UPDATE SET `version` = excluded.`version`;
--> statement-breakpoint
UPDATE `services` SET `price_pkr` = NULL
WHERE `price_pkr` = 0
  AND `provider_id` IN (SELECT `id` FROM `providers` WHERE `user_id` IS NULL);
