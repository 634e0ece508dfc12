/**
 * Service categories for Karkhana. The ids are fixed forever: other data
 * (seeded providers, saved searches, links) refers to them, so never change or
 * reuse one. Icons are Lucide icon-font classes (`icon-{lucide-name}`).
 *
 * The Urdu names and descriptions are reviewed data (decision 022): the names
 * are the ones Pakistani traders use, English loanwords written in Urdu where
 * the trade says them in English ("ٹیکسٹائل", "ڈینم"). Databases made before
 * they existed get them from migration 0017_urdu_category_names, which
 * tests/unit/urdu-data-categories.test.ts keeps equal to this list (a
 * correction here needs a migration too).
 */

export interface SeedCategory {
  id: string;
  name: string;
  nameUr: string;
  description: string;
  descriptionUr: string;
  icon: string;
}

export const SEED_CATEGORIES: readonly SeedCategory[] = Object.freeze([
  {
    id: "1c736afa-15b2-4b18-a5b0-89f779b83ead",
    name: "Textiles & Garments",
    nameUr: "ٹیکسٹائل اور گارمنٹس",
    description:
      "Spinning, weaving, dyeing and stitching of cotton and blended fabrics and ready-made garments. Faisalabad, Karachi and Lahore are the country's main textile centres.",
    descriptionUr:
      "سوتی اور بلینڈڈ کپڑوں کی کتائی، بنائی، رنگائی اور سلائی، اور ریڈی میڈ گارمنٹس۔ فیصل آباد، کراچی اور لاہور ملک کے بڑے ٹیکسٹائل مراکز ہیں۔",
    icon: "icon-shirt",
  },
  {
    id: "4b990c0e-511e-4607-af6f-ea2a27c69b65",
    name: "Home Textiles",
    nameUr: "ہوم ٹیکسٹائل",
    description:
      "Bed linen, towels, curtains and kitchen textiles for retail, hotels and export buyers, with Faisalabad and Karachi as the leading centres.",
    descriptionUr:
      "ریٹیل، ہوٹلوں اور ایکسپورٹ خریداروں کے لیے بیڈ شیٹس، تولیے، پردے اور کچن کے کپڑے۔ فیصل آباد اور کراچی اس کے بڑے مراکز ہیں۔",
    icon: "icon-layers",
  },
  {
    id: "324050f4-e1b2-4a26-88b2-eedd719673b8",
    name: "Denim",
    nameUr: "ڈینم",
    description:
      "Denim fabric mills and jeans makers, including washing, laser finishing and export-ready garment production, mostly around Karachi and Lahore.",
    descriptionUr:
      "ڈینم کپڑے کی ملیں اور جینز بنانے والے کارخانے، واشنگ، لیزر فنشنگ اور ایکسپورٹ معیار کی گارمنٹس سمیت، زیادہ تر کراچی اور لاہور میں۔",
    icon: "icon-shirt",
  },
  {
    id: "0461c061-19ed-41a0-ab37-67592ad4d798",
    name: "Knitwear & Hosiery",
    nameUr: "نٹ ویئر اور ہوزری",
    description:
      "Knitted T-shirts, fleece, socks and hosiery, from circular knitting to dyeing and stitching.",
    descriptionUr: "نٹڈ ٹی شرٹس، فلیس، جرابیں اور ہوزری، سرکلر نٹنگ سے لے کر رنگائی اور سلائی تک۔",
    icon: "icon-shirt",
  },
  {
    id: "372f640f-a048-4b73-8a7a-f422c6ffab79",
    name: "Embroidery",
    nameUr: "کڑھائی",
    description:
      "Computerised and hand embroidery for garments, uniforms, patches and bridal wear, including traditional Multani tilla and aari work.",
    descriptionUr:
      "کپڑوں، یونیفارم، بیجز اور عروسی ملبوسات پر کمپیوٹرائزڈ اور ہاتھ کی کڑھائی، روایتی ملتانی تلہ اور آری کے کام سمیت۔",
    icon: "icon-scissors",
  },
  {
    id: "c558be59-de2c-4ef3-b58c-b77c379d11ef",
    name: "Leather Goods & Tanneries",
    nameUr: "چمڑے کی مصنوعات اور ٹینریز",
    description:
      "Hide tanning and finished leather products such as jackets, gloves, bags and wallets. Kasur and Karachi host the main tannery clusters, while Sialkot is known for leather gloves and garments.",
    descriptionUr:
      "کھالوں کی ٹیننگ (دباغت) اور چمڑے کی تیار مصنوعات جیسے جیکٹس، دستانے، بیگ اور بٹوے۔ قصور اور کراچی میں ٹینریز کے بڑے مراکز ہیں، جبکہ سیالکوٹ چمڑے کے دستانوں اور ملبوسات کے لیے مشہور ہے۔",
    icon: "icon-briefcase",
  },
  {
    id: "7a28a7f3-c043-4ab8-90c4-a29ad8f04fd2",
    name: "Footwear",
    nameUr: "جوتے",
    description:
      "Shoes, sandals, Peshawari chappals and khussas, from handmade workshops to bulk factory production in Lahore, Karachi and Peshawar.",
    descriptionUr:
      "جوتے، سینڈل، پشاوری چپل اور کھسے، ہاتھ سے کام کرنے والی ورکشاپس سے لے کر لاہور، کراچی اور پشاور کی فیکٹریوں میں بڑے پیمانے پر تیاری تک۔",
    icon: "icon-footprints",
  },
  {
    id: "93f54eec-ba34-4b86-9e83-fa48ab7131fb",
    name: "Surgical Instruments",
    nameUr: "سرجیکل آلات",
    description:
      "Stainless steel surgical, dental and beauty instruments. Sialkot is one of the world's largest exporters of hand-finished surgical instruments.",
    descriptionUr:
      "اسٹین لیس اسٹیل کے سرجیکل، ڈینٹل اور بیوٹی آلات۔ سیالکوٹ ہاتھ سے فنش کیے گئے سرجیکل آلات برآمد کرنے والے دنیا کے سب سے بڑے مراکز میں سے ایک ہے۔",
    icon: "icon-stethoscope",
  },
  {
    id: "002bb6e8-78fd-44ea-b907-80bf46e18549",
    name: "Sports Goods",
    nameUr: "کھیلوں کا سامان",
    description:
      "Footballs, gloves, cricket and hockey equipment and sportswear. Sialkot's hand-stitched and thermo-bonded footballs are used in international tournaments.",
    descriptionUr:
      "فٹ بال، دستانے، کرکٹ اور ہاکی کا سامان اور اسپورٹس ویئر۔ سیالکوٹ کے ہاتھ سے سلے اور تھرمو بانڈڈ فٹ بال بین الاقوامی ٹورنامنٹس میں استعمال ہوتے ہیں۔",
    icon: "icon-trophy",
  },
  {
    id: "0717576f-8403-40f1-9b0e-548c8201aa60",
    name: "Cutlery & Kitchenware",
    nameUr: "کٹلری اور کچن کا سامان",
    description:
      "Knives, cutlery sets, scissors and kitchen tools, with Wazirabad and Gujranwala as the traditional cutlery centres.",
    descriptionUr:
      "چھریاں، کٹلری سیٹ، قینچیاں اور کچن کے اوزار۔ وزیر آباد اور گوجرانوالہ کٹلری کے روایتی مراکز ہیں۔",
    icon: "icon-utensils",
  },
  {
    id: "d7f04db1-2b12-44ea-95da-2cc969a55d5b",
    name: "Furniture & Woodwork",
    nameUr: "فرنیچر اور لکڑی کا کام",
    description:
      "Home, office and hotel furniture, doors and kitchen cabinets. Chiniot is famous for hand-carved sheesham furniture, with large workshops also in Lahore and Gujrat.",
    descriptionUr:
      "گھر، دفتر اور ہوٹل کا فرنیچر، دروازے اور کچن کیبنٹس۔ چنیوٹ ہاتھ کی نقاشی والے شیشم کے فرنیچر کے لیے مشہور ہے، جبکہ لاہور اور گجرات میں بھی بڑی ورکشاپس ہیں۔",
    icon: "icon-armchair",
  },
  {
    id: "056041c6-b4c2-4cdd-8aa9-f3d5ec42b2b1",
    name: "CNC Machining",
    nameUr: "سی این سی مشیننگ",
    description:
      "CNC turning, milling, wire EDM and die making for prototypes and production parts.",
    descriptionUr:
      "پروٹوٹائپ اور پروڈکشن پارٹس کے لیے سی این سی ٹرننگ، ملنگ، وائر ای ڈی ایم اور ڈائی میکنگ۔",
    icon: "icon-cog",
  },
  {
    id: "a4fd919a-3d75-491a-87f9-764bc5dda4d8",
    name: "Metal Fabrication & Welding",
    nameUr: "میٹل فیبریکیشن اور ویلڈنگ",
    description:
      "Steel structures, sheds, gates, railings and racks, plus on-site welding for factories, shops and homes.",
    descriptionUr:
      "اسٹیل اسٹرکچر، شیڈ، گیٹ، جنگلے اور ریک، نیز فیکٹریوں، دکانوں اور گھروں میں موقع پر ویلڈنگ۔",
    icon: "icon-flame",
  },
  {
    id: "e5ec4002-57ca-4261-87dc-a99bc7b35c76",
    name: "Sheet Metal Work",
    nameUr: "شیٹ میٹل کا کام",
    description:
      "Cutting, punching, bending and powder coating of sheet metal for enclosures, ducting and cabinets.",
    descriptionUr:
      "انکلوژر، ڈکٹنگ اور کیبنٹس کے لیے شیٹ میٹل کی کٹنگ، پنچنگ، بینڈنگ اور پاؤڈر کوٹنگ۔",
    icon: "icon-hammer",
  },
  {
    id: "78dd5021-5654-4646-bc40-3df4649e0490",
    name: "Casting & Forging",
    nameUr: "ڈھلائی اور فورجنگ",
    description:
      "Iron, aluminium and brass castings and forged parts for automotive, agricultural and engineering customers, with a strong cluster in Gujranwala.",
    descriptionUr:
      "آٹو، زرعی اور انجینئرنگ شعبے کے لیے لوہے، ایلومینیم اور پیتل کی ڈھلائی اور فورجنگ کے پرزے؛ اس کا بڑا مرکز گوجرانوالہ ہے۔",
    icon: "icon-factory",
  },
  {
    id: "2b44de05-c324-4e13-ab25-3c66d784daf5",
    name: "Plastic Injection Moulding",
    nameUr: "پلاسٹک انجیکشن مولڈنگ",
    description:
      "Injection moulding of plastic parts, crates, preforms and closures, plus mould design and manufacture.",
    descriptionUr:
      "پلاسٹک کے پرزوں، کریٹس، پریفارمز اور ڈھکنوں کی انجیکشن مولڈنگ، نیز سانچوں کی ڈیزائننگ اور تیاری۔",
    icon: "icon-box",
  },
  {
    id: "7f8b321d-104a-49ea-9d82-8254040dad60",
    name: "Printing & Packaging",
    nameUr: "پرنٹنگ اور پیکیجنگ",
    description:
      "Offset and digital printing, labels, flexible packaging and printed boxes for brands, schools and exporters.",
    descriptionUr:
      "برانڈز، اسکولوں اور ایکسپورٹرز کے لیے آفسیٹ اور ڈیجیٹل پرنٹنگ، لیبل، فلیکسیبل پیکیجنگ اور پرنٹ شدہ ڈبے۔",
    icon: "icon-printer",
  },
  {
    id: "121a934b-dbdf-464c-91cf-01aa5e60b34e",
    name: "Corrugated Boxes",
    nameUr: "گتے کے ڈبے",
    description:
      "Corrugated cartons and sheets for shipping and export packing, in 3-, 5- and 7-ply grades.",
    descriptionUr:
      "سامان کی ترسیل اور ایکسپورٹ پیکنگ کے لیے 3، 5 اور 7 پلائی کے کوروگیٹڈ کارٹن اور شیٹس۔",
    icon: "icon-package",
  },
  {
    id: "694df528-1e82-4e1f-a3bf-4715a22d43ae",
    name: "Auto Parts",
    nameUr: "آٹو پارٹس",
    description:
      "Parts for cars, motorcycles, rickshaws, tractors and trucks, from OEM vendors to aftermarket workshops. Lahore, Karachi and Gujranwala host most suppliers.",
    descriptionUr:
      "کاروں، موٹر سائیکلوں، رکشوں، ٹریکٹروں اور ٹرکوں کے پرزے، او ای ایم وینڈرز سے لے کر آفٹر مارکیٹ ورکشاپس تک۔ زیادہ تر سپلائرز لاہور، کراچی اور گوجرانوالہ میں ہیں۔",
    icon: "icon-car",
  },
  {
    id: "de0ccd76-a9e9-40a1-8df9-6b15d035d403",
    name: "Agricultural Machinery",
    nameUr: "زرعی مشینری",
    description:
      "Tractor implements, threshers, seed drills, chaff cutters and tube-well pumps, made mainly in Daska, Faisalabad, Multan and Gujranwala.",
    descriptionUr:
      "ٹریکٹر کے آلات، تھریشر، سیڈ ڈرل، ٹوکا مشینیں اور ٹیوب ویل پمپ، جو زیادہ تر ڈسکہ، فیصل آباد، ملتان اور گوجرانوالہ میں بنتے ہیں۔",
    icon: "icon-sprout",
  },
  {
    id: "f0844ea0-e83a-43ee-bdab-307df63b430e",
    name: "Electrical Panels & Switchgear",
    nameUr: "الیکٹریکل پینل اور سوئچ گیئر",
    description:
      "LT distribution panels, power factor improvement panels, ATS panels and motor control centres for factories and buildings.",
    descriptionUr:
      "فیکٹریوں اور عمارتوں کے لیے ایل ٹی ڈسٹری بیوشن پینل، پاور فیکٹر امپروومنٹ پینل، اے ٹی ایس پینل اور موٹر کنٹرول سینٹر۔",
    icon: "icon-zap",
  },
  {
    id: "baf09364-988c-4ea6-8987-6960c3c80656",
    name: "Solar Installation",
    nameUr: "سولر انسٹالیشن",
    description:
      "Rooftop and commercial solar systems, solar tube-wells, batteries and net-metering applications.",
    descriptionUr:
      "گھروں کی چھتوں اور کمرشل عمارتوں کے لیے سولر سسٹم، سولر ٹیوب ویل، بیٹریاں اور نیٹ میٹرنگ کی درخواستیں۔",
    icon: "icon-sun",
  },
  {
    id: "8c68dc60-00df-41ba-b3fe-cea42b3b63e3",
    name: "HVAC & Refrigeration",
    nameUr: "اے سی اور ریفریجریشن",
    description:
      "Installation and servicing of split ACs, VRF systems, chillers and cold storage rooms.",
    descriptionUr: "اسپلٹ اے سی، وی آر ایف سسٹم، چلرز اور کولڈ اسٹوریج رومز کی تنصیب اور سروس۔",
    icon: "icon-fan",
  },
  {
    id: "8149bdc3-e334-4991-9e43-43deb7104133",
    name: "Electrical Contractors",
    nameUr: "بجلی کے ٹھیکیدار",
    description:
      "Domestic, commercial and industrial wiring, earthing, lighting and generator changeover work.",
    descriptionUr: "گھریلو، کمرشل اور صنعتی وائرنگ، ارتھنگ، لائٹنگ اور جنریٹر چینج اوور کا کام۔",
    icon: "icon-plug",
  },
  {
    id: "108eae49-9c53-4afa-8f42-aeecfd32dfd6",
    name: "Plumbing & Sanitary",
    nameUr: "پلمبنگ اور سینیٹری",
    description:
      "Plumbing installation and repair, water tanks, geysers, leak detection and bathroom renovation.",
    descriptionUr:
      "پلمبنگ کی تنصیب اور مرمت، پانی کی ٹینکیاں، گیزر، لیکیج کا سراغ اور باتھ روم کی تزئین نو۔",
    icon: "icon-droplets",
  },
  {
    id: "fcc1564d-f5b3-46f2-b14e-bcd16be1072f",
    name: "Construction & Civil Works",
    nameUr: "تعمیرات اور سول ورکس",
    description:
      "Grey structure and turnkey construction, boundary walls, roof slabs, waterproofing and architectural approvals.",
    descriptionUr:
      "گرے اسٹرکچر اور ٹرن کی تعمیر، چار دیواری، لینٹر، واٹر پروفنگ اور نقشوں کی منظوری۔",
    icon: "icon-building-2",
  },
  {
    id: "be0aaac5-6afa-4838-9955-67264b404077",
    name: "Interior Design & Fit-Out",
    nameUr: "انٹیریئر ڈیزائن اور فٹ آؤٹ",
    description:
      "Interior design, false ceilings, paint, wallpaper and complete fit-outs for homes, offices and restaurants.",
    descriptionUr:
      "گھروں، دفاتر اور ریسٹورنٹس کے لیے انٹیریئر ڈیزائن، فال سیلنگ، رنگ و روغن، وال پیپر اور مکمل فٹ آؤٹ۔",
    icon: "icon-paint-roller",
  },
  {
    id: "7a6a4df8-86f0-48d7-80b4-2c04e58e92e8",
    name: "Marble & Granite",
    nameUr: "ماربل اور گرینائٹ",
    description:
      "Marble, granite and onyx slabs and tiles, with cutting, polishing and installation. Much of the stone comes from quarries in Khyber Pakhtunkhwa and Balochistan.",
    descriptionUr:
      "ماربل، گرینائٹ اور اونیکس کی سلیبیں اور ٹائلیں، کٹائی، پالش اور فٹنگ سمیت۔ زیادہ تر پتھر خیبر پختونخوا اور بلوچستان کی کانوں سے آتا ہے۔",
    icon: "icon-gem",
  },
  {
    id: "00c24a43-da16-4259-844b-b0a1d4e9e5f2",
    name: "Ceramics & Pottery",
    nameUr: "سیرامکس اور مٹی کے برتن",
    description:
      "Glazed tableware, decorative pottery and handmade tiles, including Multan's blue pottery and Hala's glazed kashi tiles.",
    descriptionUr:
      "گلیز والے برتن، آرائشی ظروف اور ہاتھ سے بنی ٹائلیں، ملتان کی نیلی کاشی (بلیو پاٹری) اور ہالا کی کاشی ٹائلوں سمیت۔",
    icon: "icon-brick-wall",
  },
  {
    id: "04617ba0-b34c-4e19-9ee7-82856c1297e7",
    name: "Carpets & Rugs",
    nameUr: "قالین اور دریاں",
    description:
      "Hand-knotted and machine-made carpets, kilims and rugs, plus washing and restoration, with Lahore and Karachi as the main trading centres.",
    descriptionUr:
      "ہاتھ سے بنے اور مشینی قالین، کلیم اور دریاں، نیز ان کی دھلائی اور مرمت؛ لاہور اور کراچی اس کی تجارت کے بڑے مراکز ہیں۔",
    icon: "icon-layers",
  },
  {
    id: "cf5bf9f1-306a-4cf3-bbc4-17d9aea1a391",
    name: "Handicrafts",
    nameUr: "دستکاری",
    description:
      "Ajrak, camel-skin lamps, truck art, onyx and wood carving, made by artisan families across Pakistan.",
    descriptionUr:
      "اجرک، اونٹ کی کھال کے لیمپ، ٹرک آرٹ، اونیکس اور لکڑی پر نقاشی، جو پاکستان بھر میں ہنرمند خاندان تیار کرتے ہیں۔",
    icon: "icon-sparkles",
  },
  {
    id: "91218819-354d-412e-8b6c-e129fc1aac4b",
    name: "Food Processing",
    nameUr: "فوڈ پروسیسنگ",
    description:
      "Fruit pulp, spices, pickles, sweets, dates and frozen food, with contract packing and cold storage.",
    descriptionUr:
      "پھلوں کا گودا، مصالحے، اچار، مٹھائیاں، کھجوریں اور فروزن فوڈ، کنٹریکٹ پیکنگ اور کولڈ اسٹوریج کے ساتھ۔",
    icon: "icon-utensils",
  },
  {
    id: "ef7663c1-e5f8-43e7-bfe6-03cdd13ea6d7",
    name: "Rice Milling",
    nameUr: "رائس ملنگ",
    description:
      "Basmati and non-basmati rice milling, sorting and packing. Most of Pakistan's basmati is grown and milled in the Gujranwala, Sheikhupura and Hafizabad belt, while Larkana mills IRRI rice.",
    descriptionUr:
      "باسمتی اور غیر باسمتی چاول کی ملنگ، چھانٹی اور پیکنگ۔ پاکستان کا زیادہ تر باسمتی گوجرانوالہ، شیخوپورہ اور حافظ آباد کی پٹی میں کاشت ہوتا ہے اور وہیں کی ملوں میں تیار ہوتا ہے، جبکہ لاڑکانہ کی ملیں ایری چاول تیار کرتی ہیں۔",
    icon: "icon-wheat",
  },
  {
    id: "26bdf43d-330a-4537-846a-894067de33e7",
    name: "Pharmaceutical Contract Manufacturing",
    nameUr: "ادویات کی کنٹریکٹ مینوفیکچرنگ",
    description:
      "Toll manufacturing of tablets, capsules, syrups and blister packs in DRAP-licensed plants, mostly in Lahore and Karachi.",
    descriptionUr:
      "ڈریپ سے لائسنس یافتہ پلانٹس میں گولیوں، کیپسول، سیرپ اور بلسٹر پیک کی ٹول مینوفیکچرنگ، زیادہ تر لاہور اور کراچی میں۔",
    icon: "icon-pill",
  },
  {
    id: "55120bad-5f50-46ea-b636-6f0298ac747d",
    name: "Chemicals",
    nameUr: "کیمیکلز",
    description:
      "Textile, tannery and industrial chemicals, acids, alkalis and water treatment products.",
    descriptionUr: "ٹیکسٹائل، ٹینری اور صنعتی کیمیکلز، تیزاب، الکلی اور پانی صاف کرنے کی مصنوعات۔",
    icon: "icon-flask-conical",
  },
  {
    id: "12d6f05b-3f20-4b58-aedc-e0999a4c5090",
    name: "Glass & Bangles",
    nameUr: "شیشہ اور چوڑیاں",
    description:
      "Glass bangles, tempered and decorative glass, mirrors and glass bottles. Hyderabad is the centre of Pakistan's glass bangle craft.",
    descriptionUr:
      "کانچ کی چوڑیاں، ٹمپرڈ اور آرائشی شیشہ، آئینے اور شیشے کی بوتلیں۔ حیدرآباد پاکستان میں کانچ کی چوڑیوں کی صنعت کا مرکز ہے۔",
    icon: "icon-gem",
  },
  {
    id: "27fba377-33ed-43b4-a7ad-d0577b7ca8bb",
    name: "Electronics Assembly & Repair",
    nameUr: "الیکٹرانکس اسمبلی اور مرمت",
    description:
      "PCB assembly, electronics repair, UPS and inverter servicing and CCTV installation.",
    descriptionUr:
      "پی سی بی اسمبلی، الیکٹرانکس کی مرمت، یو پی ایس اور انورٹر کی سروس اور سی سی ٹی وی کی تنصیب۔",
    icon: "icon-cpu",
  },
  {
    id: "12b8b6b9-05aa-4efe-a9a6-1497413d8eba",
    name: "IT & Software Services",
    nameUr: "آئی ٹی اور سافٹ ویئر سروسز",
    description:
      "Websites, mobile apps, ERP systems, networking and IT support for businesses, with large teams in Lahore, Karachi and Islamabad.",
    descriptionUr:
      "کاروباروں کے لیے ویب سائٹس، موبائل ایپس، ای آر پی سسٹمز، نیٹ ورکنگ اور آئی ٹی سپورٹ؛ لاہور، کراچی اور اسلام آباد میں بڑی ٹیمیں کام کرتی ہیں۔",
    icon: "icon-code",
  },
  {
    id: "8c614562-83be-45fd-9d90-0e15f3074e4a",
    name: "Logistics & Freight",
    nameUr: "لاجسٹکس اور مال برداری",
    description:
      "Road freight, container haulage, freight forwarding, customs clearance and warehousing across Pakistan and through Karachi's ports.",
    descriptionUr:
      "پورے پاکستان میں اور کراچی کی بندرگاہوں کے ذریعے روڈ فریٹ، کنٹینرز کی ترسیل، فریٹ فارورڈنگ، کسٹمز کلیئرنس اور گودام کی سہولت۔",
    icon: "icon-truck",
  },
  {
    id: "868fba39-b5e5-4f15-af8e-84f709c14578",
    name: "Industrial Cleaning",
    nameUr: "صنعتی صفائی",
    description:
      "Factory deep cleaning, boiler descaling, duct and tank cleaning, and contract janitorial staff.",
    descriptionUr:
      "فیکٹریوں کی مکمل صفائی، بوائلرز کی ڈی اسکیلنگ، ڈکٹ اور ٹینکوں کی صفائی، اور کنٹریکٹ پر صفائی کا عملہ۔",
    icon: "icon-sparkles",
  },
  {
    id: "81f91152-4228-491f-ab2e-80b10e294716",
    name: "Pest Control",
    nameUr: "پیسٹ کنٹرول",
    description:
      "Termite, cockroach, rodent and mosquito control, plus fumigation of warehouses and export consignments.",
    descriptionUr:
      "دیمک، لال بیگ، چوہوں اور مچھروں کا خاتمہ، نیز گوداموں اور ایکسپورٹ کنسائنمنٹس کی فیومیگیشن۔",
    icon: "icon-bug",
  },
  {
    id: "fe8c0c4c-a07d-4d96-81d4-1a900e8de477",
    name: "Laboratory Testing",
    nameUr: "لیبارٹری ٹیسٹنگ",
    description:
      "Water, food, textile, construction material and environmental testing for compliance and export.",
    descriptionUr:
      "ضوابط کی پابندی اور ایکسپورٹ کے لیے پانی، خوراک، ٹیکسٹائل، تعمیراتی میٹیریل اور ماحولیاتی ٹیسٹنگ۔",
    icon: "icon-microscope",
  },
] satisfies SeedCategory[]);

/** Distinct icon classes used by `SEED_CATEGORIES`, sorted. */
export const ICON_NAMES: readonly string[] = Object.freeze(
  [...new Set(SEED_CATEGORIES.map((category) => category.icon))].sort(),
);
