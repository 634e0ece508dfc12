-- Quote requests' photos and claims' proof become private (decision 030):
-- served at /api/media/{key} to the people of the request or claim and admins,
-- while /media/ answers 404 for the leads/ and claims/ folders. The stored URLs
-- move to the private path, so the screens keep showing them and the upload
-- sweep keeps counting them as attached. The blobs keep their keys.
--
-- Photos are a JSON array of URLs per lead: each `"/media/leads/` becomes
-- `"/api/media/leads/` (the quote anchors it at the start of a value, so a
-- second run finds nothing to change).
UPDATE `leads` SET `photos` = replace(`photos`, '"/media/leads/', '"/api/media/leads/')
WHERE `photos` LIKE '%"/media/leads/%';
--> statement-breakpoint
UPDATE `listing_claims` SET `photo_url` = '/api' || `photo_url`
WHERE `photo_url` LIKE '/media/claims/%';
