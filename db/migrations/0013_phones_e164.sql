-- Providers' Pakistani phones to E.164 ('+92 300 1234567' → '+923001234567'); numbers
-- that do not read as Pakistani (other countries, extensions) are left as stored.
UPDATE `providers`
SET `phone` = '+92' || replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', '')
WHERE trim(`phone`) LIKE '+92%'
  AND replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', '') NOT GLOB '*[^0-9]*'
  AND length(replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', '')) BETWEEN 9 AND 10;
--> statement-breakpoint
-- Until now every Pakistani mobile number showed a WhatsApp link: keep that for the
-- listings that have one (their providers can switch it off); new listings choose.
UPDATE `providers` SET `phone_on_whatsapp` = 1 WHERE `phone` GLOB '+923[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
