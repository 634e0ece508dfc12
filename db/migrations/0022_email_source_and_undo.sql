ALTER TABLE `listing_claims` ADD `sent_to` text;--> statement-breakpoint
ALTER TABLE `listing_claims` ADD `confirmed_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `listing_edits` ADD `undo` text;--> statement-breakpoint
ALTER TABLE `listing_edits` ADD `undone_at` integer;--> statement-breakpoint
ALTER TABLE `listing_edits` ADD `undone_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `providers` ADD `email_source` text;--> statement-breakpoint
ALTER TABLE `providers` ADD `email_source_user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
-- Where each stored email came from (decision 029) is recorded from now on. For the
-- addresses already stored: an owned listing's may have been typed by its owner, and a
-- listing an admin detached from its owner may still hold that owner's address, so both
-- count as owner-set (an admin confirms one before it proves a claim again). The rest
-- came from the directory's side: the seed, admins, approved suggestions.
UPDATE `providers` SET `email_source` = 'owner', `email_source_user_id` = `user_id`
WHERE `email` IS NOT NULL AND `user_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `providers`
SET `email_source` = 'owner',
    `email_source_user_id` = (
      SELECT u.`id` FROM `admin_audit` a JOIN `users` u ON u.`id` = json_extract(a.`before`, '$.userId')
      WHERE a.`action` = 'provider.detach' AND a.`target_id` = `providers`.`id`
      ORDER BY a.`created_at` DESC LIMIT 1
    )
WHERE `email` IS NOT NULL AND `user_id` IS NULL
  AND EXISTS (
    SELECT 1 FROM `admin_audit` a WHERE a.`action` = 'provider.detach' AND a.`target_id` = `providers`.`id`
  );
--> statement-breakpoint
UPDATE `providers` SET `email_source` = 'legacy' WHERE `email` IS NOT NULL AND `email_source` IS NULL;
--> statement-breakpoint
-- A link waiting for its confirmation was mailed to the listing's address of now.
UPDATE `listing_claims`
SET `sent_to` = (SELECT p.`email` FROM `providers` p WHERE p.`id` = `listing_claims`.`provider_id`)
WHERE `method` = 'email' AND `status` = 'pending';
--> statement-breakpoint
-- Accepted category changes so far: what their audit entries kept of the services they
-- removed (no description: the undo restores them without one) and the ones they added.
UPDATE `listing_edits`
SET `undo` = (
  SELECT json_object(
    'removed', json(coalesce(json_extract(a.`before`, '$.removedServices'), '[]')),
    'added', json((SELECT json_group_array(json_extract(x.value, '$.id')) FROM json_each(a.`after`, '$.addedServices') x))
  )
  FROM `admin_audit` a
  WHERE a.`action` = 'edit.accept' AND a.`target_id` = `listing_edits`.`provider_id`
    AND json_extract(a.`after`, '$.editId') = `listing_edits`.`id`
  LIMIT 1
)
WHERE `field` = 'categories' AND `status` = 'accepted';
