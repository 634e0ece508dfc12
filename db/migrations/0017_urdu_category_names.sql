-- The reviewed Urdu names and descriptions of the 42 standard categories
-- (db/seed/categories.ts, which seeds them into new databases;
-- tests/unit/urdu-data-categories.test.ts keeps the two equal), by their fixed
-- ids. An Urdu name or description an admin has set already is kept; a
-- category an admin deleted or added is not touched.
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ٹیکسٹائل اور گارمنٹس'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'سوتی اور بلینڈڈ کپڑوں کی کتائی، بنائی، رنگائی اور سلائی، اور ریڈی میڈ گارمنٹس۔ فیصل آباد، کراچی اور لاہور ملک کے بڑے ٹیکسٹائل مراکز ہیں۔' ELSE `description_ur` END
WHERE `id` = '1c736afa-15b2-4b18-a5b0-89f779b83ead';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ہوم ٹیکسٹائل'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ریٹیل، ہوٹلوں اور ایکسپورٹ خریداروں کے لیے بیڈ شیٹس، تولیے، پردے اور کچن کے کپڑے۔ فیصل آباد اور کراچی اس کے بڑے مراکز ہیں۔' ELSE `description_ur` END
WHERE `id` = '4b990c0e-511e-4607-af6f-ea2a27c69b65';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ڈینم'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ڈینم کپڑے کی ملیں اور جینز بنانے والے کارخانے، واشنگ، لیزر فنشنگ اور ایکسپورٹ معیار کی گارمنٹس سمیت، زیادہ تر کراچی اور لاہور میں۔' ELSE `description_ur` END
WHERE `id` = '324050f4-e1b2-4a26-88b2-eedd719673b8';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'نٹ ویئر اور ہوزری'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'نٹڈ ٹی شرٹس، فلیس، جرابیں اور ہوزری، سرکلر نٹنگ سے لے کر رنگائی اور سلائی تک۔' ELSE `description_ur` END
WHERE `id` = '0461c061-19ed-41a0-ab37-67592ad4d798';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'کڑھائی'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'کپڑوں، یونیفارم، بیجز اور عروسی ملبوسات پر کمپیوٹرائزڈ اور ہاتھ کی کڑھائی، روایتی ملتانی تلہ اور آری کے کام سمیت۔' ELSE `description_ur` END
WHERE `id` = '372f640f-a048-4b73-8a7a-f422c6ffab79';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'چمڑے کی مصنوعات اور ٹینریز'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'کھالوں کی ٹیننگ (دباغت) اور چمڑے کی تیار مصنوعات جیسے جیکٹس، دستانے، بیگ اور بٹوے۔ قصور اور کراچی میں ٹینریز کے بڑے مراکز ہیں، جبکہ سیالکوٹ چمڑے کے دستانوں اور ملبوسات کے لیے مشہور ہے۔' ELSE `description_ur` END
WHERE `id` = 'c558be59-de2c-4ef3-b58c-b77c379d11ef';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'جوتے'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'جوتے، سینڈل، پشاوری چپل اور کھسے، ہاتھ سے کام کرنے والی ورکشاپس سے لے کر لاہور، کراچی اور پشاور کی فیکٹریوں میں بڑے پیمانے پر تیاری تک۔' ELSE `description_ur` END
WHERE `id` = '7a28a7f3-c043-4ab8-90c4-a29ad8f04fd2';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'سرجیکل آلات'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'اسٹین لیس اسٹیل کے سرجیکل، ڈینٹل اور بیوٹی آلات۔ سیالکوٹ ہاتھ سے فنش کیے گئے سرجیکل آلات برآمد کرنے والے دنیا کے سب سے بڑے مراکز میں سے ایک ہے۔' ELSE `description_ur` END
WHERE `id` = '93f54eec-ba34-4b86-9e83-fa48ab7131fb';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'کھیلوں کا سامان'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'فٹ بال، دستانے، کرکٹ اور ہاکی کا سامان اور اسپورٹس ویئر۔ سیالکوٹ کے ہاتھ سے سلے اور تھرمو بانڈڈ فٹ بال بین الاقوامی ٹورنامنٹس میں استعمال ہوتے ہیں۔' ELSE `description_ur` END
WHERE `id` = '002bb6e8-78fd-44ea-b907-80bf46e18549';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'کٹلری اور کچن کا سامان'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'چھریاں، کٹلری سیٹ، قینچیاں اور کچن کے اوزار۔ وزیر آباد اور گوجرانوالہ کٹلری کے روایتی مراکز ہیں۔' ELSE `description_ur` END
WHERE `id` = '0717576f-8403-40f1-9b0e-548c8201aa60';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'فرنیچر اور لکڑی کا کام'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گھر، دفتر اور ہوٹل کا فرنیچر، دروازے اور کچن کیبنٹس۔ چنیوٹ ہاتھ کی نقاشی والے شیشم کے فرنیچر کے لیے مشہور ہے، جبکہ لاہور اور گجرات میں بھی بڑی ورکشاپس ہیں۔' ELSE `description_ur` END
WHERE `id` = 'd7f04db1-2b12-44ea-95da-2cc969a55d5b';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'سی این سی مشیننگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پروٹوٹائپ اور پروڈکشن پارٹس کے لیے سی این سی ٹرننگ، ملنگ، وائر ای ڈی ایم اور ڈائی میکنگ۔' ELSE `description_ur` END
WHERE `id` = '056041c6-b4c2-4cdd-8aa9-f3d5ec42b2b1';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'میٹل فیبریکیشن اور ویلڈنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'اسٹیل اسٹرکچر، شیڈ، گیٹ، جنگلے اور ریک، نیز فیکٹریوں، دکانوں اور گھروں میں موقع پر ویلڈنگ۔' ELSE `description_ur` END
WHERE `id` = 'a4fd919a-3d75-491a-87f9-764bc5dda4d8';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'شیٹ میٹل کا کام'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'انکلوژر، ڈکٹنگ اور کیبنٹس کے لیے شیٹ میٹل کی کٹنگ، پنچنگ، بینڈنگ اور پاؤڈر کوٹنگ۔' ELSE `description_ur` END
WHERE `id` = 'e5ec4002-57ca-4261-87dc-a99bc7b35c76';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ڈھلائی اور فورجنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'آٹو، زرعی اور انجینئرنگ شعبے کے لیے لوہے، ایلومینیم اور پیتل کی ڈھلائی اور فورجنگ کے پرزے؛ اس کا بڑا مرکز گوجرانوالہ ہے۔' ELSE `description_ur` END
WHERE `id` = '78dd5021-5654-4646-bc40-3df4649e0490';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'پلاسٹک انجیکشن مولڈنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پلاسٹک کے پرزوں، کریٹس، پریفارمز اور ڈھکنوں کی انجیکشن مولڈنگ، نیز سانچوں کی ڈیزائننگ اور تیاری۔' ELSE `description_ur` END
WHERE `id` = '2b44de05-c324-4e13-ab25-3c66d784daf5';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'پرنٹنگ اور پیکیجنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'برانڈز، اسکولوں اور ایکسپورٹرز کے لیے آفسیٹ اور ڈیجیٹل پرنٹنگ، لیبل، فلیکسیبل پیکیجنگ اور پرنٹ شدہ ڈبے۔' ELSE `description_ur` END
WHERE `id` = '7f8b321d-104a-49ea-9d82-8254040dad60';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'گتے کے ڈبے'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'سامان کی ترسیل اور ایکسپورٹ پیکنگ کے لیے 3، 5 اور 7 پلائی کے کوروگیٹڈ کارٹن اور شیٹس۔' ELSE `description_ur` END
WHERE `id` = '121a934b-dbdf-464c-91cf-01aa5e60b34e';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'آٹو پارٹس'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'کاروں، موٹر سائیکلوں، رکشوں، ٹریکٹروں اور ٹرکوں کے پرزے، او ای ایم وینڈرز سے لے کر آفٹر مارکیٹ ورکشاپس تک۔ زیادہ تر سپلائرز لاہور، کراچی اور گوجرانوالہ میں ہیں۔' ELSE `description_ur` END
WHERE `id` = '694df528-1e82-4e1f-a3bf-4715a22d43ae';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'زرعی مشینری'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ٹریکٹر کے آلات، تھریشر، سیڈ ڈرل، ٹوکا مشینیں اور ٹیوب ویل پمپ، جو زیادہ تر ڈسکہ، فیصل آباد، ملتان اور گوجرانوالہ میں بنتے ہیں۔' ELSE `description_ur` END
WHERE `id` = 'de0ccd76-a9e9-40a1-8df9-6b15d035d403';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'الیکٹریکل پینل اور سوئچ گیئر'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'فیکٹریوں اور عمارتوں کے لیے ایل ٹی ڈسٹری بیوشن پینل، پاور فیکٹر امپروومنٹ پینل، اے ٹی ایس پینل اور موٹر کنٹرول سینٹر۔' ELSE `description_ur` END
WHERE `id` = 'f0844ea0-e83a-43ee-bdab-307df63b430e';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'سولر انسٹالیشن'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گھروں کی چھتوں اور کمرشل عمارتوں کے لیے سولر سسٹم، سولر ٹیوب ویل، بیٹریاں اور نیٹ میٹرنگ کی درخواستیں۔' ELSE `description_ur` END
WHERE `id` = 'baf09364-988c-4ea6-8987-6960c3c80656';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'اے سی اور ریفریجریشن'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'اسپلٹ اے سی، وی آر ایف سسٹم، چلرز اور کولڈ اسٹوریج رومز کی تنصیب اور سروس۔' ELSE `description_ur` END
WHERE `id` = '8c68dc60-00df-41ba-b3fe-cea42b3b63e3';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'بجلی کے ٹھیکیدار'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گھریلو، کمرشل اور صنعتی وائرنگ، ارتھنگ، لائٹنگ اور جنریٹر چینج اوور کا کام۔' ELSE `description_ur` END
WHERE `id` = '8149bdc3-e334-4991-9e43-43deb7104133';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'پلمبنگ اور سینیٹری'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پلمبنگ کی تنصیب اور مرمت، پانی کی ٹینکیاں، گیزر، لیکیج کا سراغ اور باتھ روم کی تزئین نو۔' ELSE `description_ur` END
WHERE `id` = '108eae49-9c53-4afa-8f42-aeecfd32dfd6';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'تعمیرات اور سول ورکس'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گرے اسٹرکچر اور ٹرن کی تعمیر، چار دیواری، لینٹر، واٹر پروفنگ اور نقشوں کی منظوری۔' ELSE `description_ur` END
WHERE `id` = 'fcc1564d-f5b3-46f2-b14e-bcd16be1072f';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'انٹیریئر ڈیزائن اور فٹ آؤٹ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گھروں، دفاتر اور ریسٹورنٹس کے لیے انٹیریئر ڈیزائن، فال سیلنگ، رنگ و روغن، وال پیپر اور مکمل فٹ آؤٹ۔' ELSE `description_ur` END
WHERE `id` = 'be0aaac5-6afa-4838-9955-67264b404077';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ماربل اور گرینائٹ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ماربل، گرینائٹ اور اونیکس کی سلیبیں اور ٹائلیں، کٹائی، پالش اور فٹنگ سمیت۔ زیادہ تر پتھر خیبر پختونخوا اور بلوچستان کی کانوں سے آتا ہے۔' ELSE `description_ur` END
WHERE `id` = '7a6a4df8-86f0-48d7-80b4-2c04e58e92e8';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'سیرامکس اور مٹی کے برتن'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'گلیز والے برتن، آرائشی ظروف اور ہاتھ سے بنی ٹائلیں، ملتان کی نیلی کاشی (بلیو پاٹری) اور ہالا کی کاشی ٹائلوں سمیت۔' ELSE `description_ur` END
WHERE `id` = '00c24a43-da16-4259-844b-b0a1d4e9e5f2';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'قالین اور دریاں'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ہاتھ سے بنے اور مشینی قالین، کلیم اور دریاں، نیز ان کی دھلائی اور مرمت؛ لاہور اور کراچی اس کی تجارت کے بڑے مراکز ہیں۔' ELSE `description_ur` END
WHERE `id` = '04617ba0-b34c-4e19-9ee7-82856c1297e7';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'دستکاری'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'اجرک، اونٹ کی کھال کے لیمپ، ٹرک آرٹ، اونیکس اور لکڑی پر نقاشی، جو پاکستان بھر میں ہنرمند خاندان تیار کرتے ہیں۔' ELSE `description_ur` END
WHERE `id` = 'cf5bf9f1-306a-4cf3-bbc4-17d9aea1a391';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'فوڈ پروسیسنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پھلوں کا گودا، مصالحے، اچار، مٹھائیاں، کھجوریں اور فروزن فوڈ، کنٹریکٹ پیکنگ اور کولڈ اسٹوریج کے ساتھ۔' ELSE `description_ur` END
WHERE `id` = '91218819-354d-412e-8b6c-e129fc1aac4b';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'رائس ملنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'باسمتی اور غیر باسمتی چاول کی ملنگ، چھانٹی اور پیکنگ۔ پاکستان کا زیادہ تر باسمتی گوجرانوالہ، شیخوپورہ اور حافظ آباد کی پٹی میں کاشت ہوتا ہے اور وہیں کی ملوں میں تیار ہوتا ہے، جبکہ لاڑکانہ کی ملیں ایری چاول تیار کرتی ہیں۔' ELSE `description_ur` END
WHERE `id` = 'ef7663c1-e5f8-43e7-bfe6-03cdd13ea6d7';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'ادویات کی کنٹریکٹ مینوفیکچرنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ڈریپ سے لائسنس یافتہ پلانٹس میں گولیوں، کیپسول، سیرپ اور بلسٹر پیک کی ٹول مینوفیکچرنگ، زیادہ تر لاہور اور کراچی میں۔' ELSE `description_ur` END
WHERE `id` = '26bdf43d-330a-4537-846a-894067de33e7';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'کیمیکلز'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ٹیکسٹائل، ٹینری اور صنعتی کیمیکلز، تیزاب، الکلی اور پانی صاف کرنے کی مصنوعات۔' ELSE `description_ur` END
WHERE `id` = '55120bad-5f50-46ea-b636-6f0298ac747d';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'شیشہ اور چوڑیاں'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'کانچ کی چوڑیاں، ٹمپرڈ اور آرائشی شیشہ، آئینے اور شیشے کی بوتلیں۔ حیدرآباد پاکستان میں کانچ کی چوڑیوں کی صنعت کا مرکز ہے۔' ELSE `description_ur` END
WHERE `id` = '12d6f05b-3f20-4b58-aedc-e0999a4c5090';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'الیکٹرانکس اسمبلی اور مرمت'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پی سی بی اسمبلی، الیکٹرانکس کی مرمت، یو پی ایس اور انورٹر کی سروس اور سی سی ٹی وی کی تنصیب۔' ELSE `description_ur` END
WHERE `id` = '27fba377-33ed-43b4-a7ad-d0577b7ca8bb';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'آئی ٹی اور سافٹ ویئر سروسز'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'کاروباروں کے لیے ویب سائٹس، موبائل ایپس، ای آر پی سسٹمز، نیٹ ورکنگ اور آئی ٹی سپورٹ؛ لاہور، کراچی اور اسلام آباد میں بڑی ٹیمیں کام کرتی ہیں۔' ELSE `description_ur` END
WHERE `id` = '12b8b6b9-05aa-4efe-a9a6-1497413d8eba';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'لاجسٹکس اور مال برداری'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'پورے پاکستان میں اور کراچی کی بندرگاہوں کے ذریعے روڈ فریٹ، کنٹینرز کی ترسیل، فریٹ فارورڈنگ، کسٹمز کلیئرنس اور گودام کی سہولت۔' ELSE `description_ur` END
WHERE `id` = '8c614562-83be-45fd-9d90-0e15f3074e4a';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'صنعتی صفائی'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'فیکٹریوں کی مکمل صفائی، بوائلرز کی ڈی اسکیلنگ، ڈکٹ اور ٹینکوں کی صفائی، اور کنٹریکٹ پر صفائی کا عملہ۔' ELSE `description_ur` END
WHERE `id` = '868fba39-b5e5-4f15-af8e-84f709c14578';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'پیسٹ کنٹرول'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'دیمک، لال بیگ، چوہوں اور مچھروں کا خاتمہ، نیز گوداموں اور ایکسپورٹ کنسائنمنٹس کی فیومیگیشن۔' ELSE `description_ur` END
WHERE `id` = '81f91152-4228-491f-ab2e-80b10e294716';
--> statement-breakpoint
UPDATE `service_categories` SET
	`name_ur` = coalesce(`name_ur`, 'لیبارٹری ٹیسٹنگ'),
	`description_ur` = CASE WHEN `description_ur` = '' THEN 'ضوابط کی پابندی اور ایکسپورٹ کے لیے پانی، خوراک، ٹیکسٹائل، تعمیراتی میٹیریل اور ماحولیاتی ٹیسٹنگ۔' ELSE `description_ur` END
WHERE `id` = 'fe8c0c4c-a07d-4d96-81d4-1a900e8de477';
--> statement-breakpoint
-- The search index holds the categories' Urdu names: every row again, with
-- the SQL of selectSearchRows in db/queries/search-index.ts (the test named
-- above checks both give the same rows). The typo vocabulary keeps Latin words
-- only: unchanged. The Urdu text is folded as a search query is: Arabic and
-- Persian keyboard letters (ي ى ك ه) as the Urdu ones, no zero-width non-joiner.
DELETE FROM `provider_search`;
--> statement-breakpoint
INSERT INTO provider_search (rowid, provider_id, name, body, city_key, category_keys)
SELECT p.rowid, p.id,
  p.company_name || coalesce(' ' || replace(replace(replace(replace(replace(p.company_name_ur, char(1610), char(1740)), char(1609), char(1740)), char(1603), char(1705)), char(1607), char(1729)), char(8204), ''), ''),
  p.description || ' ' || replace(replace(replace(replace(replace(p.description_ur, char(1610), char(1740)), char(1609), char(1740)), char(1603), char(1705)), char(1607), char(1729)), char(8204), '')
    || ' ' || p.location || ' ' || coalesce((
    SELECT group_concat(s.name || ' ' || c.name
      || coalesce(' ' || replace(replace(replace(replace(replace(c.name_ur, char(1610), char(1740)), char(1609), char(1740)), char(1603), char(1705)), char(1607), char(1729)), char(8204), ''), ''), ' ')
    FROM services s JOIN service_categories c ON c.id = s.category_id
    WHERE s.provider_id = p.id AND s.is_active = 1
  ), ''),
  coalesce(lower(replace(replace(replace(p.city, ' ', ''), '-', ''), '''', '')), ''),
  coalesce((
    SELECT group_concat(DISTINCT 'c' || replace(s.category_id, '-', ''))
    FROM services s WHERE s.provider_id = p.id AND s.is_active = 1
  ), '')
FROM providers p WHERE p.is_active = 1;
--> statement-breakpoint
-- Every page shows category names: a database that has categories marks every
-- page changed (markDataChanged in db/queries/site-meta.ts), so a site built
-- before renders its pages afresh. A new database (no categories yet) stays at
-- data version 0.
INSERT INTO `site_meta` (`key`, `value`)
SELECT 'data_version', '1' WHERE EXISTS (SELECT 1 FROM `service_categories`)
ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
--> statement-breakpoint
INSERT INTO `page_changes` (`tag`, `version`)
SELECT 'all', CAST(`value` AS INTEGER) FROM `site_meta`
WHERE `key` = 'data_version' AND EXISTS (SELECT 1 FROM `service_categories`)
ON CONFLICT (`tag`) DO UPDATE SET `version` = excluded.`version`;
