/**
 * The search relevance set (decision 015): a fixed dataset and the queries people
 * in Pakistan type, each with the providers they would be glad to see in the
 * top 5. Expected providers are given by a rule over the dataset (category,
 * city, words of the name or of a service), never by ids, so the set stays
 * right when the generator's order changes; tests/search/relevance.test.ts
 * checks that every rule still has answers.
 *
 * Scored by tests/search/relevance.ts (hit@5, MRR); run `npm run bench:search`.
 */
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import type { ProviderInput } from "../../db/seed/factories.ts";

/** What the rules see of a provider: as stored, services with their category names. */
export interface DatasetService {
  name: string;
  description: string;
  categoryId: string;
  categoryName: string;
  isActive: boolean;
}

export interface DatasetProvider {
  id: string;
  companyName: string;
  description: string;
  location: string;
  city: string | null;
  isActive: boolean;
  isVerified: boolean;
  services: DatasetService[];
}

export type QueryKind = "english" | "typo" | "roman-urdu" | "urdu" | "city";
export const QUERY_KINDS: readonly QueryKind[] = ["english", "typo", "roman-urdu", "urdu", "city"];

/**
 * What a query needs beyond the prefix search of 2026-11 (FTS5 prefix terms,
 * every word required): the integrator's map from a failing query to the
 * feature that should make it pass.
 */
export type SearchFeature =
  /** Spelling correction (db/queries/search-vocab.ts). */
  | "typo"
  /** Roman Urdu words mapped to the directory's English (src/lib/search). */
  | "roman-urdu"
  /** Urdu script mapped to English and to cities. */
  | "urdu"
  /** A city named in the text becomes the city filter; "in", "mein" are not required words. */
  | "city-in-text"
  /** Plural and singular match each other (knives/knife, bedsheets/bedsheet). */
  | "plural"
  /** A word that matches nothing does not empty the results (the other words still rank). */
  | "relaxed";

export interface RelevanceQuery {
  /** What the person types into the search box. */
  query: string;
  /** The city picked in the filter (canonical name), when one is. */
  city?: string;
  /** The category picked in the filter, when one is. */
  categoryId?: string;
  kind: QueryKind;
  /** True for a provider the person would be glad to find in the top 5 (active ones only count). */
  expect: (p: DatasetProvider) => boolean;
  /** Why these providers, in a few words. */
  note: string;
  /** For a typo: the word as typed and the word meant (the test checks the edit distance). */
  typo?: readonly [typed: string, meant: string];
  /** Features the query depends on; none means today's search should already answer it. */
  needs?: readonly SearchFeature[];
}

// ---------------------------------------------------------------------------
// The dataset: generated providers (db/seed/demo.ts) plus a few written by hand
// ---------------------------------------------------------------------------

/** Generated providers and the generator's seed (fixed, so every run searches the same data). */
export const DATASET_PROVIDERS = 3000;
export const DATASET_SEED = 13;

function categoryId(name: string): string {
  const found = SEED_CATEGORIES.find((c) => c.name === name);
  if (!found) throw new Error(`relevance set: no category named '${name}'`);
  return found.id;
}

/**
 * Businesses a real directory has and the generator does not make: a tailor
 * whose shop sign says "Darzi", a shoemaker in Peshawar, a tailor in Karachi.
 * Fixed ids, so a miss names the same row every run.
 */
export const HANDWRITTEN_PROVIDERS: readonly ProviderInput[] = [
  {
    id: "0d1a0000-0000-4000-8000-000000000001",
    companyName: "Rehman Darzi House",
    city: "Lahore",
    address: "Shop 14, Anarkali Bazaar",
    description:
      "Gents and ladies suits stitched to measure in Lahore since 1992; shalwar kameez, waistcoats and sherwanis.",
    isVerified: true,
    services: [
      {
        categoryId: categoryId("Textiles & Garments"),
        name: "Gents shalwar kameez stitching, per suit",
        pricePkr: 2500,
      },
      {
        categoryId: categoryId("Textiles & Garments"),
        name: "Sherwani stitching to measure",
        pricePkr: 18000,
      },
    ],
  },
  {
    id: "0d1a0000-0000-4000-8000-000000000002",
    companyName: "Gul Khan Shoemakers",
    city: "Peshawar",
    address: "Shop 3, Qissa Khwani Bazaar",
    description:
      "Family shoemakers in Peshawar: handmade Peshawari chappals and leather sandals, repairs while you wait.",
    services: [
      {
        categoryId: categoryId("Footwear"),
        name: "Handmade Peshawari chappal, per pair",
        pricePkr: 4500,
      },
      { categoryId: categoryId("Footwear"), name: "Shoe repair and resoling", pricePkr: 600 },
    ],
  },
  {
    id: "0d1a0000-0000-4000-8000-000000000003",
    companyName: "Al-Karim Tailors",
    city: "Karachi",
    address: "Shop 41, Tariq Road",
    description:
      "Tailoring for gents and ladies on Tariq Road, Karachi: suits, kurtas and alterations in two days.",
    services: [
      {
        categoryId: categoryId("Textiles & Garments"),
        name: "Ladies suit stitching, per suit",
        pricePkr: 2200,
      },
      { categoryId: categoryId("Textiles & Garments"), name: "Alterations", pricePkr: 300 },
    ],
  },
];

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

type Rule = (p: DatasetProvider) => boolean;

/** Offers an active service in one of the categories (by name, checked to exist). */
function inCategory(...names: string[]): Rule {
  const ids = new Set(names.map(categoryId));
  return (p) => p.services.some((s) => s.isActive && ids.has(s.categoryId));
}

function inCity(city: string): Rule {
  return (p) => p.city === city;
}

/** The company name has every one of these words (case-insensitive, whole words). */
function nameHas(...words: string[]): Rule {
  const patterns = words.map(
    (w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[-]/g, "[- ]?")}($|[^\\p{L}])`, "iu"),
  );
  return (p) => patterns.every((re) => re.test(p.companyName));
}

function descriptionHas(re: RegExp): Rule {
  return (p) => re.test(p.description);
}

/** An active service's name matches. */
function offers(re: RegExp): Rule {
  return (p) => p.services.some((s) => s.isActive && re.test(s.name));
}

function all(...rules: Rule[]): Rule {
  return (p) => rules.every((r) => r(p));
}

function any(...rules: Rule[]): Rule {
  return (p) => rules.some((r) => r(p));
}

const WELDING = inCategory("Metal Fabrication & Welding");
const SURGICAL = inCategory("Surgical Instruments");
const EMBROIDERY = inCategory("Embroidery");
const SOLAR = inCategory("Solar Installation");
const DENIM = inCategory("Denim");
const LEATHER = any(inCategory("Leather Goods & Tanneries"), offers(/leather/i));
const FURNITURE = inCategory("Furniture & Woodwork");
const TEXTILE = inCategory("Textiles & Garments", "Home Textiles");
const FABRIC = inCategory("Textiles & Garments", "Home Textiles", "Denim");
const CARPETS = inCategory("Carpets & Rugs");
const MARBLE = inCategory("Marble & Granite");
const RICE = inCategory("Rice Milling");
const PHARMA = inCategory("Pharmaceutical Contract Manufacturing");
const GLASS = inCategory("Glass & Bangles");
const PLUMBING = inCategory("Plumbing & Sanitary");
const ELECTRICIANS = inCategory("Electrical Contractors");
const ELECTRICAL = inCategory("Electrical Contractors", "Electrical Panels & Switchgear");
const HVAC = inCategory("HVAC & Refrigeration");
const PEST = inCategory("Pest Control");
const SPORTS = inCategory("Sports Goods");
const CUTLERY = inCategory("Cutlery & Kitchenware");
const FOOTWEAR = inCategory("Footwear");
const PLASTIC = inCategory("Plastic Injection Moulding");
const CONSTRUCTION = inCategory("Construction & Civil Works");
const FORGING = any(inCategory("Casting & Forging"), WELDING);
const AUTO = inCategory("Auto Parts");
const FOOD = inCategory("Food Processing");
const HANDICRAFTS = inCategory("Handicrafts");
const ARTISANS = inCategory(
  "Handicrafts",
  "Embroidery",
  "Furniture & Woodwork",
  "Carpets & Rugs",
  "Ceramics & Pottery",
);
const POTTERY = inCategory("Ceramics & Pottery");
const LOGISTICS = inCategory("Logistics & Freight");
const ELECTRONICS = inCategory("Electronics Assembly & Repair");
const LAB = inCategory("Laboratory Testing");
const IT = inCategory("IT & Software Services");
/** Stitches clothes: a darzi, a tailor, a garment stitching unit. */
const TAILORING = any(
  nameHas("darzi"),
  nameHas("tailors"),
  offers(/stitching|shalwar kameez|alterations/i),
);

const cat = categoryId;

// ---------------------------------------------------------------------------
// The queries
// ---------------------------------------------------------------------------

export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  // English: the directory's own words, one trade each.
  { query: "welding", kind: "english", expect: WELDING, note: "welders and fabricators" },
  { query: "surgical", kind: "english", expect: SURGICAL, note: "surgical instrument makers" },
  { query: "embroidery", kind: "english", expect: EMBROIDERY, note: "embroidery houses" },
  {
    query: "cnc",
    kind: "english",
    expect: any(inCategory("CNC Machining"), offers(/\bCNC\b/)),
    note: "CNC machining shops (a CNC press brake counts)",
  },
  { query: "solar", kind: "english", expect: SOLAR, note: "solar installers" },
  { query: "denim", kind: "english", expect: DENIM, note: "denim mills and jeans makers" },
  { query: "leather", kind: "english", expect: LEATHER, note: "tanneries and leather goods" },
  { query: "furniture", kind: "english", expect: FURNITURE, note: "furniture makers" },
  { query: "textile", kind: "english", expect: TEXTILE, note: "textile mills" },
  { query: "carpet", kind: "english", expect: CARPETS, note: "carpet makers and dealers" },
  { query: "marble", kind: "english", expect: MARBLE, note: "marble and granite" },
  { query: "basmati rice", kind: "english", expect: RICE, note: "rice mills" },
  { query: "pharmaceutical", kind: "english", expect: PHARMA, note: "contract pharma" },
  { query: "glass bangles", kind: "english", expect: GLASS, note: "bangle makers" },
  { query: "plumber", kind: "english", expect: PLUMBING, note: "plumbing contractors" },
  { query: "electrician", kind: "english", expect: ELECTRICIANS, note: "electrical contractors" },
  { query: "split ac installation", kind: "english", expect: HVAC, note: "AC installers" },
  { query: "termite treatment", kind: "english", expect: PEST, note: "pest control" },
  { query: "football", kind: "english", expect: SPORTS, note: "football makers (Sialkot)" },
  {
    query: "knives",
    kind: "english",
    expect: CUTLERY,
    note: "cutlery makers; services say 'knife', descriptions 'kitchen knives'",
  },
  {
    query: "powder coating",
    kind: "english",
    expect: any(offers(/powder coat/i), inCategory("Sheet Metal Work")),
    note: "sheet metal and powder coating",
  },
  { query: "injection moulding", kind: "english", expect: PLASTIC, note: "plastic moulders" },
  { query: "jeans", kind: "english", expect: DENIM, note: "jeans makers" },
  {
    query: "bedsheets",
    kind: "english",
    expect: inCategory("Home Textiles"),
    note: "home textiles; the services say 'bedsheet'",
    needs: ["plural"],
  },
  { query: "customs clearance", kind: "english", expect: LOGISTICS, note: "clearing agents" },
  { query: "cctv installation", kind: "english", expect: ELECTRONICS, note: "CCTV installers" },
  {
    query: "boiler",
    kind: "english",
    expect: offers(/boiler/i),
    note: "boiler descaling or chemicals",
  },
  { query: "water testing", kind: "english", expect: LAB, note: "testing laboratories" },
  {
    query: "website development",
    kind: "english",
    expect: IT,
    note: "software houses; no provider says 'development' of a website",
    needs: ["relaxed"],
  },
  { query: "ajrak", kind: "english", expect: HANDICRAFTS, note: "Sindhi handicrafts" },
  { query: "peshawari chappal", kind: "english", expect: FOOTWEAR, note: "chappal makers" },
  { query: "sohan halwa", kind: "english", expect: FOOD, note: "Multani sweets" },
  {
    query: "tailor",
    kind: "english",
    expect: TAILORING,
    note: "tailors; two shops say so, the rest offer stitching",
  },
  {
    query: "gloves",
    categoryId: cat("Sports Goods"),
    kind: "english",
    expect: all(SPORTS, offers(/gloves/i)),
    note: "goalkeeper and boxing gloves, with the category picked",
  },
  // English: company names, whole or in part.
  { query: "bhittai", kind: "english", expect: nameHas("bhittai"), note: "a brand name" },
  {
    query: "kohinoor carpet",
    kind: "english",
    expect: nameHas("kohinoor", "carpet"),
    note: "Kohinoor Carpet House",
  },
  {
    query: "zam zam surgical",
    kind: "english",
    expect: nameHas("zam zam", "surgical"),
    note: "Zam Zam Surgical Industries",
  },
  {
    query: "malik brothers",
    kind: "english",
    expect: nameHas("malik brothers"),
    note: "a family business",
  },
  {
    query: "haji aslam",
    kind: "english",
    expect: nameHas("haji", "aslam"),
    note: "Haji Muhammad Aslam & Sons, as people say it",
  },
  { query: "chenab", kind: "english", expect: nameHas("chenab"), note: "a brand name" },
  { query: "al noor", kind: "english", expect: nameHas("al-noor"), note: "Al-Noor, spaced" },
  {
    query: "rehman darzi",
    kind: "english",
    expect: nameHas("rehman", "darzi"),
    note: "Rehman Darzi House, by name",
  },
  {
    query: "sitara steel",
    kind: "english",
    expect: nameHas("sitara", "steel"),
    note: "Sitara Steel Structures",
  },
  {
    query: "data surgical",
    kind: "english",
    expect: nameHas("data", "surgical"),
    note: "Data Surgical Industries",
  },

  // Typos: one edit in words of 5-8 letters, up to two in longer ones.
  {
    query: "wleding",
    kind: "typo",
    typo: ["wleding", "welding"],
    expect: WELDING,
    note: "swapped letters",
    needs: ["typo"],
  },
  {
    query: "surgicl",
    kind: "typo",
    typo: ["surgicl", "surgical"],
    expect: SURGICAL,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "embroidry",
    kind: "typo",
    typo: ["embroidry", "embroidery"],
    expect: EMBROIDERY,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "textlie",
    kind: "typo",
    typo: ["textlie", "textile"],
    expect: TEXTILE,
    note: "swapped letters",
    needs: ["typo"],
  },
  {
    query: "furnitre",
    kind: "typo",
    typo: ["furnitre", "furniture"],
    expect: FURNITURE,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "refrigeraton",
    kind: "typo",
    typo: ["refrigeraton", "refrigeration"],
    expect: HVAC,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "embrodary",
    kind: "typo",
    typo: ["embrodary", "embroidery"],
    expect: EMBROIDERY,
    note: "two edits, as it sounds",
    needs: ["typo"],
  },
  {
    query: "pharmasutical",
    kind: "typo",
    typo: ["pharmasutical", "pharmaceutical"],
    expect: PHARMA,
    note: "two edits, as it sounds",
    needs: ["typo"],
  },
  {
    query: "electrision",
    kind: "typo",
    typo: ["electrision", "electrician"],
    expect: ELECTRICIANS,
    note: "two edits, as it sounds",
    needs: ["typo"],
  },
  {
    query: "plumbr",
    kind: "typo",
    typo: ["plumbr", "plumber"],
    expect: PLUMBING,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "carpit",
    kind: "typo",
    typo: ["carpit", "carpet"],
    expect: CARPETS,
    note: "wrong vowel",
    needs: ["typo"],
  },
  {
    query: "marbel",
    kind: "typo",
    typo: ["marbel", "marble"],
    expect: MARBLE,
    note: "swapped letters",
    needs: ["typo"],
  },
  {
    query: "soler panel",
    kind: "typo",
    typo: ["soler", "solar"],
    expect: SOLAR,
    note: "wrong vowel",
    needs: ["typo"],
  },
  {
    query: "lether",
    kind: "typo",
    typo: ["lether", "leather"],
    expect: LEATHER,
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "denium jeans",
    kind: "typo",
    typo: ["denium", "denim"],
    expect: DENIM,
    note: "extra letter",
    needs: ["typo"],
  },
  {
    query: "fabricaton",
    kind: "typo",
    typo: ["fabricaton", "fabrication"],
    expect: any(WELDING, inCategory("Sheet Metal Work")),
    note: "dropped letter",
    needs: ["typo"],
  },
  {
    query: "generater",
    kind: "typo",
    typo: ["generater", "generator"],
    expect: offers(/generator/i),
    note: "wrong vowel",
    needs: ["typo"],
  },
  {
    query: "constraction",
    kind: "typo",
    typo: ["constraction", "construction"],
    expect: CONSTRUCTION,
    note: "wrong vowel",
    needs: ["typo"],
  },
  {
    query: "surgical instrumnets",
    kind: "typo",
    typo: ["instrumnets", "instruments"],
    expect: SURGICAL,
    note: "swapped letters in the second word",
    needs: ["typo"],
  },
  {
    query: "pestcontrol",
    kind: "typo",
    typo: ["pestcontrol", "pest control"],
    expect: PEST,
    note: "the space left out",
    needs: ["typo"],
  },
  {
    query: "injection molding",
    kind: "typo",
    typo: ["molding", "moulding"],
    expect: PLASTIC,
    note: "American spelling",
    needs: ["typo"],
  },
  {
    query: "weldng lahore",
    kind: "typo",
    typo: ["weldng", "welding"],
    expect: all(WELDING, inCity("Lahore")),
    note: "a typo and a city",
    needs: ["typo"],
  },
  {
    query: "sialkot surgcal",
    kind: "typo",
    typo: ["surgcal", "surgical"],
    expect: all(SURGICAL, inCity("Sialkot")),
    note: "a city and a typo",
    needs: ["typo"],
  },

  // Roman Urdu: the trade as it is said.
  {
    query: "darzi",
    kind: "roman-urdu",
    expect: TAILORING,
    note: "tailor; one shop has it in its name",
  },
  {
    query: "silai",
    kind: "roman-urdu",
    expect: TAILORING,
    note: "stitching",
    needs: ["roman-urdu"],
  },
  {
    query: "bijli wala",
    kind: "roman-urdu",
    expect: ELECTRICIANS,
    note: "electrician ('the electricity man')",
    needs: ["roman-urdu"],
  },
  {
    query: "bijli ka kaam",
    kind: "roman-urdu",
    expect: ELECTRICIANS,
    note: "electrical work",
    needs: ["roman-urdu"],
  },
  {
    query: "ac mistri",
    kind: "roman-urdu",
    expect: HVAC,
    note: "AC technician",
    needs: ["roman-urdu"],
  },
  {
    query: "raj mistri",
    kind: "roman-urdu",
    expect: CONSTRUCTION,
    note: "mason",
    needs: ["roman-urdu"],
  },
  {
    query: "karigar",
    kind: "roman-urdu",
    expect: any(ARTISANS, descriptionHas(/karigar/i)),
    note: "craftsman: handicrafts, embroidery, woodwork, carpets, pottery, or says karigars",
  },
  {
    query: "lohar",
    kind: "roman-urdu",
    expect: FORGING,
    note: "blacksmith: forging, casting, welding",
    needs: ["roman-urdu"],
  },
  { query: "chamra", kind: "roman-urdu", expect: LEATHER, note: "leather", needs: ["roman-urdu"] },
  { query: "kapra", kind: "roman-urdu", expect: FABRIC, note: "cloth", needs: ["roman-urdu"] },
  { query: "joote", kind: "roman-urdu", expect: FOOTWEAR, note: "shoes", needs: ["roman-urdu"] },
  {
    query: "jootay",
    kind: "roman-urdu",
    expect: FOOTWEAR,
    note: "shoes, the other spelling",
    needs: ["roman-urdu"],
  },
  {
    query: "barhai",
    kind: "roman-urdu",
    expect: FURNITURE,
    note: "carpenter",
    needs: ["roman-urdu"],
  },
  { query: "chawal", kind: "roman-urdu", expect: RICE, note: "rice", needs: ["roman-urdu"] },
  { query: "qaleen", kind: "roman-urdu", expect: CARPETS, note: "carpet", needs: ["roman-urdu"] },
  {
    query: "choodiyan",
    kind: "roman-urdu",
    expect: GLASS,
    note: "bangles",
    needs: ["roman-urdu"],
  },
  {
    query: "deemak",
    kind: "roman-urdu",
    expect: PEST,
    note: "termites",
    needs: ["roman-urdu"],
  },
  {
    query: "pani ki tanki safai",
    kind: "roman-urdu",
    expect: offers(/water tank/i),
    note: "water tank cleaning",
    needs: ["roman-urdu"],
  },
  {
    query: "gari ke parts",
    kind: "roman-urdu",
    expect: AUTO,
    note: "car parts",
    needs: ["roman-urdu"],
  },
  {
    query: "masala",
    kind: "roman-urdu",
    expect: FOOD,
    note: "spices",
    needs: ["roman-urdu"],
  },
  {
    query: "sang e marmar",
    kind: "roman-urdu",
    expect: MARBLE,
    note: "marble",
    needs: ["roman-urdu"],
  },
  {
    query: "mitti ke bartan",
    kind: "roman-urdu",
    expect: POTTERY,
    note: "clay pots",
    needs: ["roman-urdu"],
  },
  {
    query: "khussa",
    kind: "roman-urdu",
    expect: FOOTWEAR,
    note: "the data uses the word itself",
  },

  // Urdu script.
  { query: "جوتے", kind: "urdu", expect: FOOTWEAR, note: "shoes", needs: ["urdu"] },
  { query: "درزی", kind: "urdu", expect: TAILORING, note: "tailor", needs: ["urdu"] },
  { query: "بجلی", kind: "urdu", expect: ELECTRICAL, note: "electricity", needs: ["urdu"] },
  {
    query: "لاہور",
    kind: "urdu",
    expect: inCity("Lahore"),
    note: "the city alone: Lahore's providers",
    needs: ["urdu", "city-in-text"],
  },
  {
    query: "کراچی",
    kind: "urdu",
    expect: inCity("Karachi"),
    note: "the city alone",
    needs: ["urdu", "city-in-text"],
  },
  {
    query: "فیصل آباد",
    kind: "urdu",
    expect: inCity("Faisalabad"),
    note: "a city of two Urdu words",
    needs: ["urdu", "city-in-text"],
  },
  {
    query: "لاهور",
    kind: "urdu",
    expect: inCity("Lahore"),
    note: "typed with the Arabic heh (U+0647), as some keyboards do",
    needs: ["urdu", "city-in-text"],
  },
  { query: "ویلڈنگ", kind: "urdu", expect: WELDING, note: "welding", needs: ["urdu"] },
  { query: "فرنیچر", kind: "urdu", expect: FURNITURE, note: "furniture", needs: ["urdu"] },
  {
    query: "سرجیکل آلات",
    kind: "urdu",
    expect: SURGICAL,
    note: "surgical instruments",
    needs: ["urdu"],
  },
  { query: "قالین", kind: "urdu", expect: CARPETS, note: "carpet", needs: ["urdu"] },
  { query: "چاول", kind: "urdu", expect: RICE, note: "rice", needs: ["urdu"] },
  { query: "سنگ مرمر", kind: "urdu", expect: MARBLE, note: "marble", needs: ["urdu"] },
  { query: "کپڑا", kind: "urdu", expect: FABRIC, note: "cloth", needs: ["urdu"] },
  { query: "چمڑا", kind: "urdu", expect: LEATHER, note: "leather", needs: ["urdu"] },
  { query: "کڑھائی", kind: "urdu", expect: EMBROIDERY, note: "embroidery", needs: ["urdu"] },
  { query: "سولر پینل", kind: "urdu", expect: SOLAR, note: "solar panel", needs: ["urdu"] },
  { query: "پلمبر", kind: "urdu", expect: PLUMBING, note: "plumber", needs: ["urdu"] },
  { query: "چوڑیاں", kind: "urdu", expect: GLASS, note: "bangles", needs: ["urdu"] },

  // Cities: in the text (either side, with "in" or "mein") or picked in the filter.
  {
    query: "welding lahore",
    kind: "city",
    expect: all(WELDING, inCity("Lahore")),
    note: "trade then city",
  },
  {
    query: "welding in lahore",
    kind: "city",
    expect: all(WELDING, inCity("Lahore")),
    note: "with 'in' (today a prefix term that happens to match)",
  },
  {
    query: "lahore welding",
    kind: "city",
    expect: all(WELDING, inCity("Lahore")),
    note: "city then trade",
  },
  {
    query: "darzi karachi",
    kind: "city",
    expect: all(TAILORING, inCity("Karachi")),
    note: "Roman Urdu trade and a city",
    needs: ["roman-urdu", "city-in-text"],
  },
  {
    query: "جوتے لاہور",
    kind: "city",
    expect: all(FOOTWEAR, inCity("Lahore")),
    note: "Urdu trade and city",
    needs: ["urdu", "city-in-text"],
  },
  {
    query: "surgical instruments sialkot",
    kind: "city",
    expect: all(SURGICAL, inCity("Sialkot")),
    note: "the trade's home town",
  },
  {
    query: "textile mills faisalabad",
    kind: "city",
    expect: all(TEXTILE, inCity("Faisalabad")),
    note: "the trade's home town",
  },
  {
    query: "leather kasur",
    kind: "city",
    expect: all(LEATHER, inCity("Kasur")),
    note: "tanneries of Kasur",
  },
  {
    query: "furniture chiniot",
    kind: "city",
    expect: all(FURNITURE, inCity("Chiniot")),
    note: "Chinioti furniture",
  },
  {
    query: "cutlery wazirabad",
    kind: "city",
    expect: all(CUTLERY, inCity("Wazirabad")),
    note: "Wazirabad cutlery",
  },
  {
    query: "bangles hyderabad",
    kind: "city",
    expect: all(GLASS, inCity("Hyderabad")),
    note: "Hyderabad's bangle makers",
  },
  {
    query: "solar installer islamabad",
    kind: "city",
    expect: all(SOLAR, inCity("Islamabad")),
    note: "'installer' as the category describes itself",
  },
  {
    query: "plumber rawalpindi",
    kind: "city",
    expect: all(PLUMBING, inCity("Rawalpindi")),
    note: "a service in a city",
  },
  {
    query: "ac repair karachi",
    kind: "city",
    expect: all(HVAC, inCity("Karachi")),
    note: "AC servicing; HVAC services say 'service', some descriptions 'repair'",
  },
  {
    query: "carpets peshawar",
    kind: "city",
    expect: all(CARPETS, inCity("Peshawar")),
    note: "plural, as the category is named",
  },
  {
    query: "shoemaker peshawar",
    kind: "city",
    expect: all(FOOTWEAR, inCity("Peshawar")),
    note: "one shop says shoemakers; the rest are footwear makers",
  },
  {
    query: "karachi mein ac mistri",
    kind: "city",
    expect: all(HVAC, inCity("Karachi")),
    note: "Roman Urdu sentence",
    needs: ["roman-urdu", "city-in-text"],
  },
  {
    query: "چوڑیاں حیدرآباد",
    kind: "city",
    expect: all(GLASS, inCity("Hyderabad")),
    note: "Urdu trade and city",
    needs: ["urdu", "city-in-text"],
  },
  {
    query: "welding",
    city: "Rawalpindi",
    kind: "city",
    expect: all(WELDING, inCity("Rawalpindi")),
    note: "city picked in the filter",
  },
  {
    query: "embroidery",
    city: "Multan",
    kind: "city",
    expect: all(EMBROIDERY, inCity("Multan")),
    note: "city picked in the filter",
  },
  {
    query: "جوتے",
    city: "Peshawar",
    kind: "city",
    expect: all(FOOTWEAR, inCity("Peshawar")),
    note: "Urdu text, city picked in the filter",
    needs: ["urdu"],
  },
  {
    query: "darzi",
    city: "Lahore",
    kind: "city",
    expect: all(TAILORING, inCity("Lahore")),
    note: "Roman Urdu text, city picked in the filter",
  },
  {
    query: "lohar",
    city: "Gujranwala",
    kind: "city",
    expect: all(FORGING, inCity("Gujranwala")),
    note: "Gujranwala's foundries and forges",
    needs: ["roman-urdu"],
  },
  {
    query: "electrician",
    city: "Karachi",
    kind: "city",
    expect: all(ELECTRICIANS, inCity("Karachi")),
    note: "city picked in the filter",
  },
  {
    query: "marble",
    city: "Peshawar",
    kind: "city",
    expect: all(MARBLE, inCity("Peshawar")),
    note: "city picked in the filter",
  },
];
