/**
 * Urdu-script spellings, and the Roman abbreviations and variants people
 * really type, of every city in src/lib/cities.ts (FEATURED_CITIES and
 * OTHER_CITIES), so a search can recognise "لاہور", "pindi" or "dg khan" as a
 * city.
 *
 * - `urdu`: the standard Urdu spelling as written in Pakistani newspapers and
 *   official names (لاہور، کراچی، اسلام آباد، راولپنڈی، فیصل آباد). Spacing
 *   variants need no entry: lookups ignore the spaces inside a name (فیصل آباد
 *   = فیصلآباد, بہاولپور = بہاول پور) and fold the letters people interchange
 *   (ھ/ہ, ے/ی, ئ/ی, ں/ن, آ/ا; see looseKey in normalize.ts).
 * - `latin`: abbreviations and spellings in common use (lhr, khi, isb, rwp,
 *   fsd, hyd, pindi, dg khan, ryk, tt singh, mb din, wah cantt) and a few
 *   near-universal misspellings (faislabad, abbotabad, peshawer). The English
 *   name itself needs no entry, in any case or spacing ("dera ghazi khan",
 *   "DeraGhaziKhan"), and "d.g. khan" is covered by "dg khan" (its letters
 *   joined). Typos in general are the typo layer's job, not this list's.
 * - `confidence`: "high" for spellings checked against common usage; "medium"
 *   for smaller towns whose spelling the author believes standard but a native
 *   reviewer should confirm (docs/search-dictionary.md lists them). Spellings
 *   the author was unsure of are left out rather than guessed.
 *
 * AMBIGUOUS_CITY_SPELLINGS are names that are also everyday words (Tank,
 * Hub, Sui "needle", Bagh "garden", Topi "cap", Ziarat "pilgrimage"): they
 * count as a city only after "in"/"at"/"near"/"from" or before "mein"/میں.
 */

export interface CitySpelling {
  /** Canonical name, exactly as in src/lib/cities.ts. */
  readonly city: string;
  /** Urdu-script spellings. */
  readonly urdu: readonly string[];
  /** Roman abbreviations and common variant spellings, lower case. */
  readonly latin?: readonly string[];
  readonly confidence: "high" | "medium";
}

export const CITY_SPELLINGS: readonly CitySpelling[] = Object.freeze([
  { city: "Lahore", urdu: ["لاہور"], latin: ["lhr"], confidence: "high" },
  { city: "Karachi", urdu: ["کراچی"], latin: ["khi", "krachi"], confidence: "high" },
  { city: "Islamabad", urdu: ["اسلام آباد"], latin: ["isb"], confidence: "high" },
  { city: "Rawalpindi", urdu: ["راولپنڈی"], latin: ["pindi", "rwp"], confidence: "high" },
  { city: "Faisalabad", urdu: ["فیصل آباد"], latin: ["fsd", "faislabad"], confidence: "high" },
  { city: "Multan", urdu: ["ملتان"], confidence: "high" },
  { city: "Abbottabad", urdu: ["ایبٹ آباد"], latin: ["abbotabad"], confidence: "high" },
  {
    city: "Ahmedpur East",
    urdu: ["احمد پور شرقیہ"],
    latin: ["ahmedpur", "ahmadpur east"],
    confidence: "high",
  },
  { city: "Akora Khattak", urdu: ["اکوڑہ خٹک"], confidence: "high" },
  { city: "Alipur", urdu: ["علی پور"], confidence: "high" },
  { city: "Arifwala", urdu: ["عارف والا"], confidence: "high" },
  { city: "Astore", urdu: ["استور"], confidence: "high" },
  { city: "Athmuqam", urdu: ["اٹھمقام"], confidence: "medium" },
  { city: "Attock", urdu: ["اٹک"], confidence: "high" },
  { city: "Badin", urdu: ["بدین"], confidence: "high" },
  { city: "Bagh", urdu: ["باغ"], confidence: "high" },
  { city: "Bahawalnagar", urdu: ["بہاولنگر"], confidence: "high" },
  { city: "Bahawalpur", urdu: ["بہاولپور"], latin: ["bhawalpur"], confidence: "high" },
  { city: "Balakot", urdu: ["بالاکوٹ"], confidence: "high" },
  { city: "Bannu", urdu: ["بنوں"], confidence: "high" },
  { city: "Bara", urdu: ["باڑہ"], confidence: "high" },
  { city: "Batagram", urdu: ["بٹگرام"], confidence: "high" },
  { city: "Batkhela", urdu: ["بٹ خیلہ"], confidence: "high" },
  { city: "Bela", urdu: ["بیلہ"], confidence: "high" },
  { city: "Besham", urdu: ["بشام"], confidence: "high" },
  { city: "Bhakkar", urdu: ["بھکر"], confidence: "high" },
  { city: "Bhalwal", urdu: ["بھلوال"], confidence: "high" },
  { city: "Bhara Kahu", urdu: ["بھارہ کہو"], confidence: "high" },
  { city: "Bhera", urdu: ["بھیرہ"], confidence: "high" },
  { city: "Bhimber", urdu: ["بھمبر"], confidence: "high" },
  { city: "Burewala", urdu: ["بورے والا"], confidence: "medium" },
  { city: "Chak Jhumra", urdu: ["چک جھمرہ"], confidence: "high" },
  { city: "Chakdara", urdu: ["چکدرہ"], confidence: "high" },
  { city: "Chakswari", urdu: ["چکسواری"], confidence: "medium" },
  { city: "Chakwal", urdu: ["چکوال"], confidence: "high" },
  { city: "Chaman", urdu: ["چمن"], confidence: "high" },
  { city: "Charsadda", urdu: ["چارسدہ"], confidence: "high" },
  { city: "Chichawatni", urdu: ["چیچہ وطنی"], confidence: "high" },
  { city: "Chilas", urdu: ["چلاس"], confidence: "high" },
  { city: "Chiniot", urdu: ["چنیوٹ"], confidence: "high" },
  { city: "Chishtian", urdu: ["چشتیاں"], confidence: "high" },
  { city: "Chitral", urdu: ["چترال"], confidence: "high" },
  { city: "Chunian", urdu: ["چونیاں"], confidence: "high" },
  { city: "Dadu", urdu: ["دادو"], confidence: "high" },
  { city: "Dadyal", urdu: ["ڈڈیال"], confidence: "medium" },
  { city: "Daggar", urdu: ["ڈگر"], confidence: "medium" },
  { city: "Daharki", urdu: ["ڈہرکی"], confidence: "high" },
  { city: "Dalbandin", urdu: ["دالبندین"], confidence: "high" },
  { city: "Dargai", urdu: ["درگئی"], confidence: "high" },
  { city: "Darra Adam Khel", urdu: ["درہ آدم خیل"], confidence: "high" },
  { city: "Daska", urdu: ["ڈسکہ"], confidence: "high" },
  { city: "Depalpur", urdu: ["دیپالپور"], confidence: "high" },
  { city: "Dera Allah Yar", urdu: ["ڈیرہ اللہ یار"], confidence: "high" },
  { city: "Dera Bugti", urdu: ["ڈیرہ بگٹی"], confidence: "high" },
  { city: "Dera Ghazi Khan", urdu: ["ڈیرہ غازی خان"], latin: ["dg khan"], confidence: "high" },
  { city: "Dera Ismail Khan", urdu: ["ڈیرہ اسماعیل خان"], latin: ["di khan"], confidence: "high" },
  { city: "Dera Murad Jamali", urdu: ["ڈیرہ مراد جمالی"], confidence: "high" },
  { city: "Dhabeji", urdu: ["دھابیجی"], confidence: "medium" },
  { city: "Dina", urdu: ["دینہ"], confidence: "high" },
  { city: "Dir", urdu: ["دیر"], confidence: "high" },
  { city: "Eminabad", urdu: ["ایمن آباد"], confidence: "high" },
  { city: "Fateh Jang", urdu: ["فتح جنگ"], confidence: "high" },
  { city: "Ferozewala", urdu: ["فیروزوالا"], confidence: "high" },
  { city: "Gahkuch", urdu: ["گاہکوچ"], confidence: "medium" },
  { city: "Gambat", urdu: ["گمبٹ"], confidence: "high" },
  { city: "Ghakhar Mandi", urdu: ["گکھڑ منڈی"], confidence: "high" },
  { city: "Gharo", urdu: ["گھارو"], confidence: "medium" },
  { city: "Ghotki", urdu: ["گھوٹکی"], confidence: "high" },
  { city: "Gilgit", urdu: ["گلگت"], confidence: "high" },
  { city: "Gojra", urdu: ["گوجرہ"], confidence: "high" },
  { city: "Gujar Khan", urdu: ["گوجر خان"], confidence: "high" },
  { city: "Gujranwala", urdu: ["گوجرانوالہ"], confidence: "high" },
  { city: "Gujrat", urdu: ["گجرات"], confidence: "high" },
  { city: "Gwadar", urdu: ["گوادر"], confidence: "high" },
  { city: "Hafizabad", urdu: ["حافظ آباد"], confidence: "high" },
  { city: "Hajira", urdu: ["ہجیرہ"], confidence: "medium" },
  { city: "Hala", urdu: ["ہالا"], confidence: "high" },
  { city: "Hangu", urdu: ["ہنگو"], confidence: "high" },
  { city: "Harappa", urdu: ["ہڑپہ"], confidence: "high" },
  { city: "Haripur", urdu: ["ہری پور"], confidence: "high" },
  { city: "Harnai", urdu: ["ہرنائی"], confidence: "high" },
  { city: "Haroonabad", urdu: ["ہارون آباد"], confidence: "high" },
  { city: "Hasan Abdal", urdu: ["حسن ابدال"], confidence: "high" },
  { city: "Hasilpur", urdu: ["حاصل پور"], confidence: "high" },
  { city: "Hattian Bala", urdu: ["ہٹیاں بالا"], confidence: "high" },
  { city: "Havelian", urdu: ["حویلیاں"], confidence: "high" },
  { city: "Hub", urdu: ["حب"], confidence: "high" },
  { city: "Hunza", urdu: ["ہنزہ"], confidence: "high" },
  { city: "Hyderabad", urdu: ["حیدرآباد"], latin: ["hyd", "hydrabad"], confidence: "high" },
  { city: "Islamgarh", urdu: ["اسلام گڑھ"], confidence: "high" },
  { city: "Islamkot", urdu: ["اسلام کوٹ"], confidence: "high" },
  { city: "Jacobabad", urdu: ["جیکب آباد"], confidence: "high" },
  { city: "Jahanian", urdu: ["جہانیاں"], confidence: "high" },
  { city: "Jalalpur Jattan", urdu: ["جلالپور جٹاں"], confidence: "high" },
  { city: "Jampur", urdu: ["جام پور"], confidence: "high" },
  { city: "Jamrud", urdu: ["جمرود"], confidence: "high" },
  { city: "Jamshoro", urdu: ["جامشورو"], confidence: "high" },
  { city: "Jaranwala", urdu: ["جڑانوالہ"], confidence: "high" },
  { city: "Jehangira", urdu: ["جہانگیرہ"], confidence: "high" },
  { city: "Jhang", urdu: ["جھنگ"], confidence: "high" },
  { city: "Jhelum", urdu: ["جہلم"], confidence: "high" },
  { city: "Jiwani", urdu: ["جیوانی"], confidence: "high" },
  { city: "Kabirwala", urdu: ["کبیر والا"], confidence: "high" },
  { city: "Kahuta", urdu: ["کہوٹہ"], confidence: "high" },
  { city: "Kalabagh", urdu: ["کالاباغ"], confidence: "high" },
  { city: "Kalam", urdu: ["کالام"], confidence: "high" },
  { city: "Kalat", urdu: ["قلات"], confidence: "high" },
  { city: "Kamalia", urdu: ["کمالیہ"], confidence: "high" },
  { city: "Kambar", urdu: ["قمبر"], confidence: "high" },
  { city: "Kamoke", urdu: ["کاموکی"], confidence: "high" },
  { city: "Kandhkot", urdu: ["کندھ کوٹ"], confidence: "high" },
  { city: "Kandiaro", urdu: ["کنڈیارو"], confidence: "medium" },
  { city: "Karak", urdu: ["کرک"], confidence: "high" },
  { city: "Kashmore", urdu: ["کشمور"], confidence: "high" },
  { city: "Kasur", urdu: ["قصور"], confidence: "high" },
  { city: "Keti Bandar", urdu: ["کیٹی بندر"], confidence: "high" },
  { city: "Khairpur", urdu: ["خیرپور"], confidence: "high" },
  { city: "Khanewal", urdu: ["خانیوال"], confidence: "high" },
  { city: "Khanpur", urdu: ["خانپور"], confidence: "high" },
  { city: "Khaplu", urdu: ["خپلو"], confidence: "high" },
  { city: "Khar", urdu: ["خار"], confidence: "high" },
  { city: "Kharan", urdu: ["خاران"], confidence: "high" },
  { city: "Kharian", urdu: ["کھاریاں"], confidence: "high" },
  { city: "Khipro", urdu: ["کھپرو"], confidence: "medium" },
  { city: "Khushab", urdu: ["خوشاب"], confidence: "high" },
  { city: "Khuzdar", urdu: ["خضدار"], confidence: "high" },
  { city: "Kohat", urdu: ["کوہاٹ"], confidence: "high" },
  { city: "Kohlu", urdu: ["کوہلو"], confidence: "high" },
  { city: "Kot Addu", urdu: ["کوٹ ادو"], confidence: "high" },
  { city: "Kot Radha Kishan", urdu: ["کوٹ رادھا کشن"], confidence: "high" },
  { city: "Kotli", urdu: ["کوٹلی"], confidence: "high" },
  { city: "Kotri", urdu: ["کوٹری"], confidence: "high" },
  { city: "Kunri", urdu: ["کنری"], confidence: "medium" },
  { city: "Lakki Marwat", urdu: ["لکی مروت"], confidence: "high" },
  { city: "Lalamusa", urdu: ["لالہ موسیٰ"], confidence: "high" },
  { city: "Landi Kotal", urdu: ["لنڈی کوتل"], confidence: "high" },
  { city: "Larkana", urdu: ["لاڑکانہ"], confidence: "high" },
  { city: "Layyah", urdu: ["لیہ"], confidence: "high" },
  { city: "Liaquatpur", urdu: ["لیاقت پور"], confidence: "high" },
  { city: "Lodhran", urdu: ["لودھراں"], confidence: "high" },
  { city: "Loralai", urdu: ["لورالائی"], confidence: "high" },
  { city: "Mailsi", urdu: ["میلسی"], confidence: "high" },
  {
    city: "Mandi Bahauddin",
    urdu: ["منڈی بہاؤالدین"],
    latin: ["mb din", "mandi bahaudin"],
    confidence: "high",
  },
  { city: "Mansehra", urdu: ["مانسہرہ"], confidence: "high" },
  { city: "Mardan", urdu: ["مردان"], confidence: "high" },
  { city: "Mastung", urdu: ["مستونگ"], confidence: "high" },
  { city: "Matiari", urdu: ["مٹیاری"], confidence: "high" },
  { city: "Matli", urdu: ["ماتلی"], confidence: "high" },
  { city: "Mehar", urdu: ["میہڑ"], confidence: "high" },
  { city: "Mian Channu", urdu: ["میاں چنوں"], confidence: "high" },
  { city: "Mianwali", urdu: ["میانوالی"], confidence: "high" },
  { city: "Mingora", urdu: ["مینگورہ"], confidence: "high" },
  { city: "Mir Ali", urdu: ["میر علی"], confidence: "high" },
  { city: "Miranshah", urdu: ["میرانشاہ", "میران شاہ"], confidence: "high" },
  { city: "Mirpur", urdu: ["میرپور"], confidence: "high" },
  { city: "Mirpur Khas", urdu: ["میرپور خاص"], confidence: "high" },
  { city: "Mirpur Mathelo", urdu: ["میرپور ماتھیلو"], confidence: "high" },
  { city: "Mithi", urdu: ["مٹھی"], confidence: "high" },
  { city: "Moro", urdu: ["مورو"], confidence: "high" },
  { city: "Muridke", urdu: ["مریدکے"], confidence: "high" },
  { city: "Murree", urdu: ["مری"], confidence: "high" },
  { city: "Muzaffarabad", urdu: ["مظفر آباد"], latin: ["muzafarabad"], confidence: "high" },
  { city: "Muzaffargarh", urdu: ["مظفر گڑھ"], latin: ["muzafargarh"], confidence: "high" },
  { city: "Nagarparkar", urdu: ["ننگرپارکر"], confidence: "high" },
  { city: "Nankana Sahib", urdu: ["ننکانہ صاحب"], latin: ["nankana"], confidence: "high" },
  { city: "Narowal", urdu: ["نارووال"], confidence: "high" },
  { city: "Naushahro Feroze", urdu: ["نوشہرو فیروز"], confidence: "high" },
  {
    city: "Nawabshah",
    urdu: ["نوابشاہ", "بینظیر آباد", "شہید بینظیر آباد"],
    latin: ["benazirabad", "shaheed benazirabad"],
    confidence: "high",
  },
  { city: "Nooriabad", urdu: ["نوری آباد"], confidence: "high" },
  { city: "Nowshera", urdu: ["نوشہرہ"], confidence: "high" },
  { city: "Nushki", urdu: ["نوشکی"], confidence: "high" },
  { city: "Okara", urdu: ["اوکاڑہ"], confidence: "high" },
  { city: "Ormara", urdu: ["اورماڑہ"], confidence: "high" },
  { city: "Pabbi", urdu: ["پبی"], confidence: "high" },
  { city: "Pakpattan", urdu: ["پاکپتن"], confidence: "high" },
  { city: "Palandri", urdu: ["پلندری"], confidence: "medium" },
  { city: "Panjgur", urdu: ["پنجگور"], confidence: "high" },
  { city: "Pano Aqil", urdu: ["پنو عاقل"], confidence: "high" },
  { city: "Parachinar", urdu: ["پاراچنار"], confidence: "high" },
  { city: "Pasni", urdu: ["پسنی"], confidence: "high" },
  { city: "Pasrur", urdu: ["پسرور"], confidence: "high" },
  { city: "Pattoki", urdu: ["پتوکی"], confidence: "high" },
  { city: "Peshawar", urdu: ["پشاور"], latin: ["peshawer"], confidence: "high" },
  { city: "Phalia", urdu: ["پھالیہ"], confidence: "high" },
  { city: "Pind Dadan Khan", urdu: ["پنڈ دادن خان"], confidence: "high" },
  { city: "Pindi Bhattian", urdu: ["پنڈی بھٹیاں"], confidence: "high" },
  { city: "Pir Mahal", urdu: ["پیر محل"], confidence: "high" },
  { city: "Pishin", urdu: ["پشین"], confidence: "high" },
  { city: "Qila Abdullah", urdu: ["قلعہ عبداللہ"], confidence: "high" },
  { city: "Qila Saifullah", urdu: ["قلعہ سیف اللہ"], confidence: "high" },
  { city: "Quetta", urdu: ["کوئٹہ"], confidence: "high" },
  { city: "Rahim Yar Khan", urdu: ["رحیم یار خان"], latin: ["ryk"], confidence: "high" },
  { city: "Raiwind", urdu: ["رائیونڈ", "رائے ونڈ"], confidence: "high" },
  { city: "Rajanpur", urdu: ["راجن پور"], confidence: "high" },
  { city: "Ratodero", urdu: ["رتوڈیرو"], confidence: "medium" },
  { city: "Rawalakot", urdu: ["راولاکوٹ"], confidence: "high" },
  { city: "Renala Khurd", urdu: ["رینالہ خورد"], confidence: "high" },
  { city: "Risalpur", urdu: ["رسالپور"], confidence: "high" },
  { city: "Rohri", urdu: ["روہڑی"], confidence: "high" },
  { city: "Sadiqabad", urdu: ["صادق آباد"], confidence: "high" },
  { city: "Sahiwal", urdu: ["ساہیوال"], confidence: "high" },
  { city: "Sakrand", urdu: ["سکرنڈ"], confidence: "high" },
  { city: "Sambrial", urdu: ["سمبڑیال"], confidence: "high" },
  { city: "Samundri", urdu: ["سمندری"], confidence: "high" },
  { city: "Sanghar", urdu: ["سانگھڑ"], confidence: "high" },
  { city: "Sangla Hill", urdu: ["سانگلہ ہل"], confidence: "high" },
  { city: "Sarai Alamgir", urdu: ["سرائے عالمگیر"], confidence: "high" },
  { city: "Sargodha", urdu: ["سرگودھا"], confidence: "high" },
  { city: "Sehwan", urdu: ["سیہون"], confidence: "high" },
  { city: "Shabqadar", urdu: ["شبقدر"], confidence: "high" },
  { city: "Shahdadkot", urdu: ["شہداد کوٹ"], confidence: "high" },
  { city: "Shahdadpur", urdu: ["شہدادپور"], confidence: "high" },
  { city: "Shahkot", urdu: ["شاہکوٹ"], confidence: "high" },
  { city: "Shakargarh", urdu: ["شکرگڑھ"], confidence: "high" },
  { city: "Sharda", urdu: ["شاردا"], confidence: "high" },
  { city: "Sheikhupura", urdu: ["شیخوپورہ"], latin: ["shekhupura"], confidence: "high" },
  { city: "Shigar", urdu: ["شگر"], confidence: "high" },
  { city: "Shikarpur", urdu: ["شکارپور"], confidence: "high" },
  { city: "Shorkot", urdu: ["شورکوٹ"], confidence: "high" },
  { city: "Shujabad", urdu: ["شجاع آباد"], confidence: "high" },
  { city: "Sialkot", urdu: ["سیالکوٹ"], confidence: "high" },
  { city: "Sibi", urdu: ["سبی"], confidence: "high" },
  { city: "Skardu", urdu: ["سکردو"], confidence: "high" },
  { city: "Sui", urdu: ["سوئی"], confidence: "high" },
  { city: "Sujawal", urdu: ["سجاول"], confidence: "high" },
  { city: "Sukkur", urdu: ["سکھر"], confidence: "high" },
  { city: "Swabi", urdu: ["صوابی"], confidence: "high" },
  { city: "Taftan", urdu: ["تفتان"], confidence: "high" },
  { city: "Takht-i-Bahi", urdu: ["تخت بھائی"], latin: ["takht bhai"], confidence: "high" },
  { city: "Talagang", urdu: ["تلہ گنگ"], confidence: "high" },
  { city: "Tando Adam", urdu: ["ٹنڈو آدم"], confidence: "high" },
  { city: "Tando Allahyar", urdu: ["ٹنڈو الہ یار", "ٹنڈو اللہ یار"], confidence: "high" },
  { city: "Tando Jam", urdu: ["ٹنڈو جام"], confidence: "high" },
  { city: "Tando Muhammad Khan", urdu: ["ٹنڈو محمد خان"], confidence: "high" },
  { city: "Tangi", urdu: ["تنگی"], confidence: "high" },
  { city: "Tank", urdu: ["ٹانک"], confidence: "high" },
  { city: "Tarnol", urdu: ["ترنول"], confidence: "high" },
  { city: "Taunsa", urdu: ["تونسہ"], confidence: "high" },
  { city: "Taxila", urdu: ["ٹیکسلا"], confidence: "high" },
  { city: "Thatta", urdu: ["ٹھٹھہ"], confidence: "high" },
  { city: "Timergara", urdu: ["تیمرگرہ"], confidence: "high" },
  { city: "Toba Tek Singh", urdu: ["ٹوبہ ٹیک سنگھ"], latin: ["tt singh"], confidence: "high" },
  { city: "Topi", urdu: ["ٹوپی"], confidence: "high" },
  { city: "Turbat", urdu: ["تربت"], confidence: "high" },
  { city: "Ubauro", urdu: ["اوباڑو"], confidence: "medium" },
  { city: "Uch Sharif", urdu: ["اوچ شریف"], confidence: "high" },
  { city: "Umerkot", urdu: ["عمرکوٹ"], confidence: "high" },
  { city: "Usta Muhammad", urdu: ["اوستہ محمد"], confidence: "high" },
  { city: "Uthal", urdu: ["اوتھل"], confidence: "high" },
  { city: "Vehari", urdu: ["وہاڑی"], confidence: "high" },
  {
    city: "Wah Cantonment",
    urdu: ["واہ کینٹ"],
    latin: ["wah cantt", "wah cant"],
    confidence: "high",
  },
  { city: "Wana", urdu: ["وانا"], confidence: "high" },
  { city: "Wazirabad", urdu: ["وزیر آباد"], confidence: "high" },
  { city: "Zafarwal", urdu: ["ظفروال"], confidence: "high" },
  { city: "Zhob", urdu: ["ژوب"], confidence: "high" },
  { city: "Ziarat", urdu: ["زیارت"], confidence: "high" },
]);

/**
 * Spellings of cities that are also common words: a search treats them as a
 * city only when a locative connector is next to them ("welding in tank",
 * "tank mein welding"); otherwise "water tank cleaning" would be filtered to
 * the town of Tank.
 */
export const AMBIGUOUS_CITY_SPELLINGS: readonly string[] = Object.freeze([
  // Latin: English or Roman Urdu words, or people's names.
  "bagh", // garden
  "bara", // big
  "bela", // a name; time
  "chaman", // garden; a name
  "dina", // a name
  "dir",
  "hala", // Hala kashi tiles are a product
  "hub", // English hub
  "kalam", // pen
  "karak", // karak chai (strong tea)
  "khar",
  "kohlu", // oil press
  "mehar", // a name; mehr (dower)
  "mir ali", // a person's name
  "mithi", // sweet
  "samundri", // marine, of the sea
  "sui", // needle; Sui gas
  "tangi", // narrowness
  "tank", // water tank
  "topi", // cap
  "wana",
  "ziarat", // pilgrimage; Ziarat marble is a product
  // Urdu script.
  "باغ", // garden
  "باڑہ", // enclosure
  "تنگی", // narrowness
  "ٹوپی", // cap
  "چمن", // garden
  "حب", // love
  "خار", // thorn
  "دیر", // delay
  "ڈگر", // path
  "زیارت", // pilgrimage
  "سمندری", // marine
  "سوئی", // needle
  "کوہلو", // oil press
  "مٹھی", // fist
  "میر علی", // a person's name
]);
