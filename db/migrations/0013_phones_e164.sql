-- Providers' Pakistani phones to E.164 ('+92 300 1234567' → '+923001234567'), as
-- toE164Phone (src/lib/phone.ts) stores them; numbers that do not read as Pakistani
-- (other countries, extensions, a trunk 0 after +92) are left as stored.
UPDATE `providers`
SET `phone` = '+92' || replace(replace(replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')
WHERE trim(`phone`) LIKE '+92%'
  AND replace(replace(replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '') NOT GLOB '*[^0-9]*'
  AND replace(replace(replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '') NOT GLOB '0*'
  AND length(replace(replace(replace(replace(replace(substr(trim(`phone`), 4), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')) BETWEEN 9 AND 10;
--> statement-breakpoint
-- The country code typed without its '+' ('923001234567', '92 42 35123456'), stored as
-- typed before the normaliser understood it: 11 or 12 digits in all.
UPDATE `providers`
SET `phone` = '+' || replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')
WHERE trim(`phone`) GLOB '92*'
  AND replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '') NOT GLOB '*[^0-9]*'
  AND length(replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')) IN (11, 12)
  AND replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '.', ''), '(', ''), ')', '') NOT GLOB '920*';
--> statement-breakpoint
-- Until now every Pakistani mobile number showed a WhatsApp link: keep that for the
-- listings that have one (their providers can switch it off); new listings choose.
UPDATE `providers` SET `phone_on_whatsapp` = 1 WHERE `phone` GLOB '+923[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
