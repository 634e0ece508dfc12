/**
 * Urdu company names and descriptions of a few demo providers (decision 022),
 * so the Urdu pages show a provider's own Urdu text next to ones that fall
 * back to English. Written by hand for the providers of the default demo
 * (`generateProviders(DEMO_PROVIDER_COUNT, DEFAULT_DEMO_SEED)`), by id: the
 * demo provider account's company (the first active provider to join) and the
 * first verified ones the directory lists, in Lahore, Karachi, Faisalabad and
 * smaller cities. tests/unit/urdu-data-demo.test.ts checks each id still
 * names the provider written here.
 */

export interface DemoUrdu {
  /** The generated English name, to catch a generator change. */
  companyName: string;
  companyNameUr: string;
  descriptionUr: string;
}

export const DEMO_URDU: ReadonlyMap<string, DemoUrdu> = new Map([
  [
    "43e0f584-5099-4e3b-b2fe-565b60e11b45",
    {
      companyName: "Umar Surgical (Pvt) Ltd",
      companyNameUr: "عمر سرجیکل (پرائیویٹ) لمیٹڈ",
      descriptionUr:
        "ہم سیالکوٹ میں اپنی ورکشاپ پر اسٹین لیس اسٹیل کے سرجیکل، ڈینٹل اور بیوٹی آلات تیار کرتے ہیں۔ او ای ایم اور پرائیویٹ لیبل آرڈرز لیے جاتے ہیں؛ جرمن اور جاپانی اسٹین لیس اسٹیل گریڈز۔ 1969 سے سیالکوٹ میں خاندانی کاروبار۔",
    },
  ],
  [
    "0f2afcda-3bc8-40eb-9e2b-babb889d8d26",
    {
      companyName: "Al-Hilal Electricals",
      companyNameUr: "الہلال الیکٹریکلز",
      descriptionUr:
        "کندھکوٹ میں بجلی کے ٹھیکیدار: وائرنگ، ارتھنگ، لائٹنگ اور جنریٹر چینج اوور کا کام۔ لوڈ کیلکولیشن اور سیفٹی آڈٹ؛ ہنگامی صورت میں فوری سروس۔ کندھکوٹ کے زیادہ تر علاقوں میں اسی دن وزٹ۔",
    },
  ],
  [
    "6573666c-4da5-4401-ab8d-5cb45eef1e80",
    {
      companyName: "Al-Madina Leather Industries",
      companyNameUr: "المدینہ لیدر انڈسٹریز",
      descriptionUr:
        "ہم ملتان میں اپنی ورکشاپ پر تیار چمڑا، جیکٹس، دستانے، بیگ اور بٹوے بناتے ہیں۔ کم از کم آرڈر 100 پیس؛ یورپی یونین اور خلیجی ممالک کو ایکسپورٹ۔ 1976 سے ملتان میں خاندانی کاروبار۔",
    },
  ],
  [
    "e1bd8798-748c-4704-ba46-7bd13a8381fc",
    {
      companyName: "Allah Ditta & Sons",
      companyNameUr: "اللہ دتہ اینڈ سنز",
      descriptionUr:
        "کراچی میں کیمیکل سپلائر: ٹیکسٹائل، ٹینری اور صنعتی کیمیکلز اور پانی صاف کرنے کی مصنوعات۔ گاہک کی سائٹ پر تکنیکی معاونت؛ بلک ٹینکر اور ڈرم۔",
    },
  ],
  [
    "3506b48e-6933-42b3-a7c9-d2303522e94c",
    {
      companyName: "Awan Brothers Electronics",
      companyNameUr: "اعوان برادرز الیکٹرانکس",
      descriptionUr:
        "ہم لاہور میں گھروں اور کاروباروں کے لیے پی سی بی اسمبلی، یو پی ایس اور انورٹر کی مرمت اور سی سی ٹی وی کی تنصیب کرتے ہیں۔ مقامی برانڈز کے لیے او ای ایم اسمبلی؛ پک اینڈ پلیس مشینوں والی ایس ایم ٹی لائن۔",
    },
  ],
  [
    "77c01c36-b95d-48a3-a781-2c63cda4ece9",
    {
      companyName: "Chenab Embroidery",
      companyNameUr: "چناب ایمبرائیڈری",
      descriptionUr:
        "ہم لاہور میں اپنی ورکشاپ پر کپڑوں، یونیفارم اور عروسی ملبوسات پر کمپیوٹرائزڈ اور ہاتھ کی کڑھائی کرتے ہیں۔ ملٹی ہیڈ کمپیوٹرائزڈ مشینیں۔ لاہور میں اسی ہفتے ڈیلیوری۔",
    },
  ],
  [
    "895e5b73-a71e-45f5-8c61-51be9cbe3d85",
    {
      companyName: "Farooqi Zari House",
      companyNameUr: "فاروقی زری ہاؤس",
      descriptionUr:
        "ہم لاہور میں اپنی ورکشاپ پر کپڑوں، یونیفارم اور عروسی ملبوسات پر کمپیوٹرائزڈ اور ہاتھ کی کڑھائی کرتے ہیں۔ ہاتھ کی آری اور زردوزی کے ماہر کاریگر؛ ملٹی ہیڈ کمپیوٹرائزڈ مشینیں۔",
    },
  ],
  [
    "6526992c-adfe-4c1b-9c6a-2c1999c64bdf",
    {
      companyName: "Excel Textile Industries (Pvt) Ltd",
      companyNameUr: "ایکسل ٹیکسٹائل انڈسٹریز (پرائیویٹ) لمیٹڈ",
      descriptionUr:
        "فیصل آباد میں ٹیکسٹائل اور گارمنٹس مینوفیکچرر: سوتی دھاگہ، گرے کپڑا اور ریڈی میڈ گارمنٹس۔ او ای کو ٹیکس اسٹینڈرڈ 100 سرٹیفائیڈ؛ رنگائی اور فنشنگ اپنی فیکٹری میں۔ فیصل آباد سے کوریئر اور گڈز ٹرانسپورٹ کے ذریعے ملک بھر میں ترسیل۔",
    },
  ],
  [
    "219022cc-9f95-48c7-b0e5-bbf92f1c1f38",
    {
      companyName: "Falcon Rice Exports",
      companyNameUr: "فالکن رائس ایکسپورٹس",
      descriptionUr:
        "شیخوپورہ کی رائس مل: سپر باسمتی، 1121 اور ایری 6 چاول۔ دھان براہ راست کسانوں سے خریدتے ہیں؛ خلیجی ممالک، یورپ اور مشرقی افریقہ کو ایکسپورٹ۔ شیخوپورہ سے کوریئر اور گڈز ٹرانسپورٹ کے ذریعے ملک بھر میں ترسیل۔",
    },
  ],
]);
