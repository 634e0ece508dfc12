/**
 * Deterministic demo data: plausible Pakistani manufacturers and service
 * providers with priced services.
 *
 * Pure: no I/O, no clock, no Math.random. `generateProviders(count, seed)` is a
 * generator that builds provider i from one seeded PRNG stream in order, so
 * the same (count, seed) always yields the same providers, the first K of
 * `generateProviders(N)` equal `generateProviders(K)`, and 100,000 providers
 * stream without being held in memory.
 */
import { SEED_CATEGORIES } from "./categories.ts";
import { CITIES, FEATURED_CITIES } from "../../src/lib/cities.ts";

export interface DemoService {
  id: string;
  categoryId: string;
  name: string;
  description: string;
  pricePkr: number;
}

export interface DemoProvider {
  id: string;
  companyName: string;
  description: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  website: string | null;
  responseTime: string;
  isVerified: boolean;
  isActive: boolean;
  isSuggested: boolean;
  createdAt: Date;
  services: DemoService[];
}

/** How many providers the app seeds into an empty database. */
export const DEMO_PROVIDER_COUNT = 320;

/** Seed used when none is given (the seed CLI and the app also default to 1). */
export const DEFAULT_DEMO_SEED = 1;

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

const TWO_POW_32 = 4294967296;

/** sfc32 (Small Fast Counter), seeded through splitmix32; activity.ts draws from it too. */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number, stream: number) {
    let s = (seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0;
    const mix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = mix();
    this.#b = mix();
    this.#c = mix();
    this.#d = mix();
    for (let i = 0; i < 16; i++) this.u32();
  }

  u32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / TWO_POW_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, this.int(items.length));
  }

  /** A random lowercase UUID in v4 format (version nibble 4, variant 8–b). */
  uuid(): string {
    const a = this.u32();
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    return (
      hex8(a) +
      "-" +
      hex4(b >>> 16) +
      "-" +
      hex4((b & 0x0fff) | 0x4000) +
      "-" +
      hex4(((c >>> 16) & 0x3fff) | 0x8000) +
      "-" +
      hex4(c & 0xffff) +
      hex8(d)
    );
  }
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, "0");
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, "0");
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

interface Weighted<T> {
  items: readonly T[];
  cumulative: readonly number[];
  total: number;
}

function weighted<T>(entries: Iterable<readonly [T, number]>): Weighted<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    if (!(weight > 0)) continue;
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  if (items.length === 0) throw new Error("a weighted list needs at least one positive weight");
  return { items, cumulative, total };
}

function pickWeighted<T>(rng: Random, list: Weighted<T>): T {
  const r = rng.next() * list.total;
  const { cumulative } = list;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(cumulative, mid) > r) hi = mid;
    else lo = mid + 1;
  }
  return at(list.items, lo);
}

/** `count` distinct indexes below `n`, in random order (partial Fisher–Yates). */
function sampleIndexes(rng: Random, n: number, count: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const k = Math.min(count, n);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const tmp = at(pool, i);
    pool[i] = at(pool, j);
    pool[j] = tmp;
  }
  return pool.slice(0, k);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

// ---------------------------------------------------------------------------
// Trades: one per category
// ---------------------------------------------------------------------------

type Kind = "maker" | "service";

/** A priced service a provider of the trade can list. */
interface ServiceTemplate {
  name: string;
  description: string;
  /** Price range in whole rupees; prices are rounded to a multiple of `step`. */
  min: number;
  max: number;
  step: number;
}

interface TradeSpec {
  /** Relative share of providers after the guaranteed round-robin laps. */
  weight: number;
  kind: Kind;
  /** Kind of business, used as "a Sialkot-based {noun}". */
  noun: string;
  /** What it makes or does, a noun phrase. */
  what: string;
  /** "We {verb} {what} …" */
  verb: string;
  /** Makers: "at our {place} in City"; services: "for {place} in City". */
  place: string;
  /** Trade words for "{prefix} {word} {generic suffix}" names. */
  words: readonly string[];
  /** Complete name endings for "{prefix} {ending}" names. */
  endings: readonly string[];
  /** Capability clauses, lower-case start. */
  caps: readonly string[];
  /** Where the trade is strong, with relative weights: "Sialkot 85, Lahore 5". */
  cities: string;
  /** Share of providers placed anywhere in the country instead. */
  tail: number;
  /** Names of related categories a provider may also list services in. */
  related: readonly string[];
  /** "name | description | min-max by step", prices in whole rupees. */
  services: readonly string[];
  /** Trade-specific addresses per city, in the `K:Area` form used below. */
  areas?: Readonly<Record<string, readonly string[]>>;
}

const TRADES: Readonly<Record<string, TradeSpec>> = {
  "Textiles & Garments": {
    weight: 8,
    kind: "maker",
    noun: "textile and garment manufacturer",
    what: "cotton yarn, greige fabric and ready-made garments",
    verb: "make",
    place: "mill",
    words: ["Textile", "Fabric", "Garment", "Apparel"],
    endings: [
      "Textile Mills",
      "Textile Mills (Pvt) Ltd",
      "Fabrics",
      "Garments",
      "Apparel",
      "Weaving Mills",
      "Spinning Mills",
    ],
    caps: [
      "vertically integrated from spinning to stitching",
      "OEKO-TEX Standard 100 certified",
      "GOTS-certified organic cotton line",
      "minimum order 500 pieces per style",
      "exports to the EU, UK and US",
      "in-house dyeing and finishing",
      "takes CMT and full-package orders",
    ],
    cities:
      "Faisalabad 30, Karachi 25, Lahore 20, Multan 6, Sheikhupura 4, Kasur 3, Gujranwala 3, Hyderabad 2, Rawalpindi 2, Islamabad 2",
    tail: 0.12,
    related: ["Home Textiles", "Denim", "Knitwear & Hosiery", "Embroidery"],
    services: [
      "Cotton yarn 20/1 carded (10 lb bundle) | Ring-spun carded yarn for weaving and knitting. | 4000-6000 by 100",
      "Greige cotton lawn fabric, per metre | Unbleached lawn for printing and dyeing, 60-inch width. | 180-350 by 10",
      "Men's cotton shalwar kameez, bulk per piece | Stitched suits in wash-and-wear or cotton, sizes S to XXL. | 1800-3500 by 100",
      "CMT stitching for polo shirts, per dozen | Cut, make and trim on customer fabric, with labels and packing. | 1800-3000 by 100",
      "Printed lawn 3-piece suit, unstitched | Digital or screen printed lawn shirt, dupatta and trouser. | 2500-6500 by 100",
      "Workwear coverall with reflective tape | Twill coveralls for factories and oil fields, custom logo. | 2200-4500 by 100",
      "School uniform set (shirt and trousers) | Bulk uniforms for schools, sized to order. | 1500-3000 by 50",
    ],
  },
  "Home Textiles": {
    weight: 4,
    kind: "maker",
    noun: "home textile manufacturer",
    what: "bed linen, towels, curtains and kitchen textiles",
    verb: "make",
    place: "factory",
    words: ["Home Textile", "Linen", "Towel"],
    endings: ["Home Textiles", "Linen Co.", "Towel Industries", "Home Fashions", "Bedding"],
    caps: [
      "supplies hotels and hospitals across Pakistan",
      "OEKO-TEX certified",
      "exports to Europe and North America",
      "minimum order 300 sets",
      "in-house rotary printing",
    ],
    cities: "Faisalabad 35, Karachi 25, Lahore 10, Multan 5, Hyderabad 4, Kamalia 3, Jhang 2",
    tail: 0.08,
    related: ["Textiles & Garments", "Embroidery", "Carpets & Rugs"],
    services: [
      "Cotton bedsheet set, king size (3 pieces) | Percale bedsheet with two pillow covers, printed or dyed. | 3500-8000 by 100",
      "Terry bath towel 70 × 140 cm, 500 GSM | Ring-spun cotton towel, dobby border, custom colours. | 1200-2500 by 50",
      "Hotel-grade duvet cover, 300 thread count | Sateen stripe duvet covers for hotels and guest houses. | 6000-14000 by 500",
      "Kitchen towels, pack of 12 | Waffle and terry kitchen towels, mixed colours. | 1500-3000 by 50",
      "Blackout curtain fabric, per metre | Triple-weave blackout fabric, stitched to size on request. | 900-2200 by 50",
      "Quilted bedspread, double bed | Cotton-filled quilted bedspread with matching pillow shams. | 5000-12000 by 500",
      "Cushion covers, set of 5 | Printed or embroidered cushion covers, 16 × 16 inches. | 1500-3500 by 50",
    ],
  },
  Denim: {
    weight: 3,
    kind: "maker",
    noun: "denim manufacturer",
    what: "denim fabric, jeans and washed garments",
    verb: "produce",
    place: "factory",
    words: ["Denim", "Jeans"],
    endings: ["Denim", "Denim Mills", "Jeanswear", "Denim (Pvt) Ltd", "Garments"],
    caps: [
      "laser and ozone finishing for low-water washes",
      "exports to European brands",
      "minimum order 1,000 pieces per style",
      "in-house weaving and washing",
      "sampling within 10 days",
    ],
    cities: "Karachi 40, Lahore 30, Faisalabad 15, Sheikhupura 5",
    tail: 0.04,
    related: ["Textiles & Garments", "Knitwear & Hosiery"],
    services: [
      "Denim fabric 12 oz, per metre | Indigo rope-dyed 3/1 twill, rigid or stretch. | 650-1200 by 10",
      "Men's 5-pocket jeans, bulk per piece (MOQ 500) | Cut, sewn and washed to your tech pack. | 2200-4500 by 50",
      "Enzyme stone wash, per 100 garments | Washing service for jeans and jackets on customer garments. | 8000-18000 by 500",
      "Laser whiskering and distressing, per 100 garments | Programmed laser effects with consistent results across a lot. | 6000-15000 by 500",
      "Denim jacket, bulk per piece | Trucker-style denim jackets, custom buttons and labels. | 3500-7000 by 100",
      "Sample development, one style | Pattern, fit sample and wash standard for one style. | 5000-15000 by 500",
    ],
  },
  "Knitwear & Hosiery": {
    weight: 4,
    kind: "maker",
    noun: "knitwear and hosiery manufacturer",
    what: "T-shirts, fleece, socks and hosiery",
    verb: "knit and stitch",
    place: "factory",
    words: ["Knitwear", "Hosiery"],
    endings: ["Knitwear", "Hosiery", "Knits", "Socks", "Hosiery Mills", "Knitting Industries"],
    caps: [
      "circular knitting, dyeing and stitching under one roof",
      "minimum order 500 pieces",
      "WRAP certified",
      "exports to the EU and Gulf",
      "private-label manufacturing",
    ],
    cities: "Lahore 30, Karachi 30, Faisalabad 30, Sialkot 5",
    tail: 0.05,
    related: ["Textiles & Garments", "Sports Goods"],
    services: [
      "Cotton crew socks, per dozen pairs | Combed cotton socks with elastane, custom colours and logos. | 1500-3600 by 50",
      "Single jersey T-shirt 180 GSM, per piece (MOQ 500) | Round-neck T-shirts in combed cotton, printed or plain. | 650-1400 by 50",
      "Fleece hoodie, per piece (bulk) | Brushed fleece hoodies with embroidery or print. | 2200-4500 by 50",
      "Knitted fabric dyeing, per kg | Reactive dyeing of cotton and CVC knitted fabric. | 250-600 by 10",
      "Thermal innerwear set | Rib-knit thermal top and trouser for winter. | 1500-3200 by 50",
      "Compression sports socks, per dozen pairs | Cushioned sole, arch support, sublimated logos. | 3000-6000 by 100",
    ],
  },
  Embroidery: {
    weight: 3,
    kind: "maker",
    noun: "embroidery house",
    what: "computerised and hand embroidery for garments, uniforms and bridal wear",
    verb: "do",
    place: "workshop",
    words: ["Embroidery"],
    endings: ["Embroidery", "Embroidery House", "Embroidery Works", "Zari House"],
    caps: [
      "multi-head computerised machines",
      "hand aari and zardozi artisans",
      "small runs from 25 pieces",
      "logo digitising done in-house",
      "bridal and formal wear specialists",
    ],
    cities:
      "Lahore 25, Karachi 20, Faisalabad 15, Multan 10, Hyderabad 5, Bahawalpur 5, Peshawar 5, Rawalpindi 5, Islamabad 5",
    tail: 0.1,
    related: ["Textiles & Garments", "Handicrafts"],
    services: [
      "Logo embroidery on 100 shirts | Left-chest logo up to 8,000 stitches, thread colours matched. | 8000-20000 by 500",
      "Hand-embroidered kameez front (aari work) | Hand aari embroidery on customer fabric. | 3000-12000 by 500",
      "Embroidered patches, 100 pieces | Merrowed-edge patches with iron-on or velcro backing. | 5000-15000 by 500",
      "Logo digitising for embroidery | Stitch file prepared from your artwork. | 1500-5000 by 500",
      "Multani tilla work dupatta | Traditional metallic tilla embroidery on chiffon. | 4000-15000 by 500",
      "Zari and sequin work on bridal lehenga | Full hand work on a bridal lehenga, to design. | 25000-150000 by 5000",
    ],
  },
  "Leather Goods & Tanneries": {
    weight: 4,
    kind: "maker",
    noun: "tannery and leather goods maker",
    what: "finished leather, jackets, gloves, bags and wallets",
    verb: "make",
    place: "workshop",
    words: ["Leather", "Tannery"],
    endings: [
      "Leather",
      "Leather Works",
      "Tanneries",
      "Leather Industries",
      "Leather Garments",
      "Gloves",
    ],
    caps: [
      "LWG-audited tannery",
      "exports to the EU and Gulf",
      "vegetable (chrome-free) tanning available",
      "custom branding and embossing",
      "minimum order 100 pieces",
    ],
    cities: "Karachi 25, Kasur 20, Sialkot 20, Lahore 15, Multan 5, Peshawar 3, Gujranwala 3",
    tail: 0.05,
    related: ["Footwear", "Sports Goods"],
    services: [
      "Cow crust leather, per sq ft | Chrome-tanned crust ready for dyeing and finishing. | 250-550 by 10",
      "Finished sheep nappa leather, per sq ft | Soft garment nappa in standard and custom colours. | 350-800 by 10",
      "Men's genuine leather wallet, bulk per piece | Bifold wallets with RFID lining, custom logo. | 900-2500 by 50",
      "Leather motorbike jacket | Cowhide jacket with armour pockets, made to size. | 18000-45000 by 500",
      "Leather work gloves, per dozen pairs | Split-leather driver and welding gloves. | 3500-9000 by 100",
      "Chrome tanning of raw hides, per hide | Job tanning of cow and buffalo hides to wet-blue. | 800-1800 by 50",
      "Leather laptop bag, custom branded | Full-grain leather bag with embossed logo. | 6000-15000 by 500",
    ],
  },
  Footwear: {
    weight: 4,
    kind: "maker",
    noun: "footwear maker",
    what: "shoes, sandals, Peshawari chappals and khussas",
    verb: "make",
    place: "workshop",
    words: ["Footwear", "Shoe"],
    endings: ["Footwear", "Shoes", "Shoe Company", "Chappal House", "Khussa House"],
    caps: [
      "handmade by skilled karigars",
      "bulk orders for schools and factories",
      "custom sizes on request",
      "exports to the Gulf",
      "sole moulding in-house",
    ],
    cities:
      "Lahore 35, Karachi 25, Peshawar 10, Faisalabad 4, Gujranwala 5, Multan 5, Rawalpindi 5, Islamabad 3",
    tail: 0.08,
    related: ["Leather Goods & Tanneries", "Handicrafts"],
    services: [
      "Men's leather Peshawari chappal | Hand-stitched cowhide chappal with tyre or leather sole. | 2500-6000 by 100",
      "Hand-embroidered khussa, pair | Traditional khussa with tilla embroidery. | 1800-5500 by 100",
      "Men's formal Oxford shoes, per pair | Full-grain leather uppers, leather lining, rubber sole. | 5500-14000 by 500",
      "Safety shoes with steel toe, per pair | Oil-resistant sole, steel toe cap, for factories and sites. | 4500-9000 by 500",
      "School shoes, bulk per pair (MOQ 200) | Black synthetic leather school shoes, all sizes. | 1600-3200 by 100",
      "Rubber slippers, per dozen pairs | Moulded rubber slippers for wholesale. | 2400-6000 by 100",
    ],
  },
  "Surgical Instruments": {
    weight: 6,
    kind: "maker",
    noun: "surgical instrument manufacturer",
    what: "stainless steel surgical, dental and beauty instruments",
    verb: "make",
    place: "workshop",
    words: ["Surgical"],
    endings: [
      "Surgico",
      "Surgical Co.",
      "Surgical Works",
      "Surgical Industries",
      "Instruments",
      "Surgical International",
    ],
    caps: [
      "ISO 13485 certified",
      "CE-marked products for the EU market",
      "FDA-registered facility",
      "exports to Germany, the US and the Gulf",
      "German and Japanese stainless steel grades",
      "OEM and private-label orders",
    ],
    cities: "Sialkot 85, Lahore 5, Karachi 5, Islamabad 3, Wazirabad 2",
    tail: 0.03,
    related: ["Cutlery & Kitchenware", "CNC Machining", "Casting & Forging"],
    services: [
      "Stainless steel forceps (box of 50) | Dressing and tissue forceps, satin finish, autoclavable. | 12000-40000 by 500",
      "Mayo scissors 14 cm, per dozen | Straight and curved Mayo scissors, German stainless steel. | 4000-12000 by 500",
      "Dental extraction forceps set (10 pieces) | Upper and lower extraction forceps in a roll. | 15000-45000 by 500",
      "Basic surgical kit, 25 instruments | General surgery set for clinics and teaching hospitals. | 25000-80000 by 1000",
      "Tungsten carbide needle holder | TC-insert needle holder, gold handles. | 2500-7000 by 100",
      "Veterinary castration instrument | Burdizzo-type emasculatome for livestock. | 3500-9000 by 100",
      "Instrument re-sharpening, per 100 pieces | Re-grinding and re-polishing of scissors and blades. | 6000-15000 by 500",
      "Cuticle nippers, per dozen | Beauty instruments with double spring, custom logo. | 3000-8000 by 100",
    ],
  },
  "Sports Goods": {
    weight: 6,
    kind: "maker",
    noun: "sports goods manufacturer",
    what: "footballs, gloves, cricket bats and team kits",
    verb: "make",
    place: "factory",
    words: ["Sports"],
    endings: ["Sports", "Sports Works", "Sports Industries", "Sportswear", "Sports International"],
    caps: [
      "FIFA Quality Pro tested footballs",
      "supplies clubs and schools across Pakistan",
      "exports to Europe and Australia",
      "custom printing and sublimation",
      "minimum order 100 pieces",
    ],
    cities: "Sialkot 80, Lahore 6, Karachi 5, Gujranwala 3, Islamabad 2",
    tail: 0.04,
    related: ["Leather Goods & Tanneries", "Knitwear & Hosiery", "Embroidery"],
    services: [
      "Hand-stitched match football, size 5 | 32-panel PU football with latex bladder, custom print. | 2500-6000 by 100",
      "Thermo-bonded football, size 5 | Seamless bonded match ball, FIFA Quality tested. | 4500-9500 by 100",
      "Training footballs, pack of 10 | Machine-stitched training balls, sizes 3 to 5. | 9000-22000 by 500",
      "Goalkeeper gloves, per pair | German latex palm, negative cut, custom branding. | 2000-6500 by 100",
      "Cricket bat, English willow | Grade 1 to 3 English willow, hand-shaped. | 18000-65000 by 1000",
      "Boxing gloves 12 oz, per pair | PU or leather boxing gloves with foam padding. | 3000-9000 by 100",
      "Hockey stick, composite | Carbon-fibre composite field hockey stick. | 6000-25000 by 500",
      "Sublimated football kit, per set | Shirt, shorts and socks with names and numbers. | 2500-5500 by 100",
    ],
  },
  "Cutlery & Kitchenware": {
    weight: 3,
    kind: "maker",
    noun: "cutlery manufacturer",
    what: "table cutlery, kitchen knives and scissors",
    verb: "make",
    place: "workshop",
    words: ["Cutlery"],
    endings: ["Cutlery", "Cutlery Works", "Cutlery House", "Steel Works", "Knives"],
    caps: [
      "forged and stamped blades",
      "custom laser engraving",
      "exports to the Gulf and Europe",
      "hotel and restaurant supply",
      "minimum order 50 dozen",
    ],
    cities: "Wazirabad 40, Gujranwala 20, Sialkot 10, Lahore 10, Karachi 8, Gujrat 5",
    tail: 0.04,
    related: ["Surgical Instruments", "Casting & Forging"],
    services: [
      "Stainless steel table knife, per dozen | Mirror-polished table knives for hotels and homes. | 1200-3500 by 50",
      "Forged chef's knife, 8-inch | Full-tang forged chef's knife with riveted handle. | 2500-8000 by 100",
      "24-piece cutlery set with box | Spoons, forks and knives in a presentation box. | 4500-14000 by 500",
      "Kitchen scissors, per dozen | Stainless steel kitchen scissors with plastic handles. | 2400-6000 by 100",
      "Hunting knife with leather sheath | Fixed-blade knife, Damascus or stainless steel. | 3500-12000 by 500",
      "Butcher's cleaver | Heavy carbon-steel cleaver for meat shops. | 1800-5000 by 100",
      "Laser logo on knives, per 100 pieces | Permanent laser marking of your brand on blades. | 3000-8000 by 500",
    ],
    areas: { Wazirabad: ["M:Main Bazaar, Nizamabad", "R:G.T. Road"] },
  },
  "Furniture & Woodwork": {
    weight: 5,
    kind: "maker",
    noun: "furniture maker",
    what: "hand-carved and modern furniture, doors and kitchen cabinets",
    verb: "make",
    place: "workshop",
    words: ["Furniture", "Wood"],
    endings: ["Furniture", "Furniture House", "Woodworks", "Furniture Mart", "Timber & Furniture"],
    caps: [
      "solid sheesham, deodar and oak",
      "hand-carved Chinioti work",
      "custom designs from drawings",
      "export packing available",
      "takes office and hotel contracts",
    ],
    cities:
      "Chiniot 30, Lahore 20, Gujrat 12, Karachi 12, Islamabad 6, Peshawar 5, Rawalpindi 5, Faisalabad 5, Multan 4, Mingora 3",
    tail: 0.08,
    related: ["Interior Design & Fit-Out", "Handicrafts"],
    services: [
      "Hand-carved sheesham dining table, 6 seater | Solid sheesham table with six carved chairs. | 180000-450000 by 5000",
      "Chinioti carved bed set | King bed, two side tables and dressing table, hand-carved. | 250000-700000 by 10000",
      "Office workstation, per seat | Laminated MDF workstation with drawers and cable management. | 25000-60000 by 1000",
      "Solid wood sofa set, 5 seater | Wooden frame sofa with foam seats and fabric of your choice. | 120000-320000 by 5000",
      "Kitchen cabinets, per running foot | Lacquered or laminated cabinets, installed. | 6000-15000 by 500",
      "Furniture polish and repair, per item | Re-polishing, joint repair and new upholstery. | 2500-12000 by 500",
      "Solid deodar door, per door | Panelled deodar door with frame, polished. | 35000-90000 by 1000",
    ],
  },
  "CNC Machining": {
    weight: 4,
    kind: "maker",
    noun: "precision machining shop",
    what: "CNC turned and milled parts, dies and prototypes",
    verb: "machine",
    place: "workshop",
    words: ["Engineering"],
    endings: [
      "Engineering",
      "Engineering Works",
      "Precision Engineering",
      "Machine Tools",
      "CNC Works",
      "Tool & Die",
    ],
    caps: [
      "tolerances down to ±0.01 mm",
      "5-axis machining centres",
      "jobs from one-off prototypes to batch runs",
      "CAD/CAM programming in-house",
      "quick turnaround on urgent breakdown parts",
    ],
    cities:
      "Lahore 25, Karachi 25, Gujranwala 15, Faisalabad 10, Sialkot 10, Islamabad 5, Rawalpindi 5, Multan 4, Taxila 3",
    tail: 0.08,
    related: ["Metal Fabrication & Welding", "Casting & Forging", "Auto Parts"],
    services: [
      "CNC turning per 100 parts | Turned parts in mild steel, stainless or brass to drawing. | 8000-40000 by 500",
      "CNC milling, per machine hour | 3-axis and 5-axis vertical machining centres. | 3000-8000 by 100",
      "Wire EDM cutting, per hour | Wire cutting of dies, punches and hardened parts. | 2500-6000 by 100",
      "Injection mould machining, small die | Core and cavity machining with EDM finishing. | 150000-600000 by 5000",
      "Prototype part from CAD drawing | One-off machined prototype with inspection report. | 5000-30000 by 500",
      "Laser cutting of mild steel sheet, per hour | Fibre laser cutting up to 12 mm. | 4000-10000 by 500",
      "Shaft and bush machining, per piece | Replacement shafts, bushes and pulleys for machinery. | 1500-8000 by 100",
    ],
  },
  "Metal Fabrication & Welding": {
    weight: 5,
    kind: "maker",
    noun: "steel fabricator",
    what: "steel structures, sheds, gates, railings and racks",
    verb: "fabricate",
    place: "workshop",
    words: ["Engineering", "Steel"],
    endings: [
      "Engineering",
      "Steel Works",
      "Fabricators",
      "Welding Works",
      "Steel Structures",
      "Iron Works",
    ],
    caps: [
      "6G-certified welders",
      "on-site fabrication teams",
      "steel structures up to 100 ft spans",
      "galvanising and painting arranged",
      "free site measurement",
    ],
    cities:
      "Gujranwala 20, Lahore 20, Karachi 20, Faisalabad 10, Multan 8, Rawalpindi 8, Islamabad 6, Peshawar 6, Quetta 4, Hyderabad 4",
    tail: 0.18,
    related: ["Sheet Metal Work", "Construction & Civil Works"],
    services: [
      "MS steel gate fabrication, per sq ft | Mild steel gates with design work, primed and painted. | 1200-2800 by 50",
      "Steel structure shed, per sq ft | Portal-frame sheds with roof sheeting, erected on site. | 1400-3200 by 100",
      "TIG (argon) welding, per hour | Stainless steel and aluminium welding at our shop. | 1500-4000 by 100",
      "Stainless steel railing, per running foot | SS 304 railing with glass or rod infill. | 3000-7500 by 100",
      "Storage rack fabrication, per rack | Heavy-duty angle-iron racks for shops and warehouses. | 18000-55000 by 500",
      "On-site welding visit | Welder with generator and machine for repairs on site. | 2000-6000 by 500",
      "Water tank stand, 1,000 gallon | Steel tank stand with ladder, installed. | 40000-110000 by 1000",
    ],
  },
  "Sheet Metal Work": {
    weight: 3,
    kind: "maker",
    noun: "sheet metal workshop",
    what: "enclosures, ducting, cabinets and powder-coated parts",
    verb: "make",
    place: "workshop",
    words: ["Sheet Metal", "Metal"],
    endings: [
      "Sheet Metal Works",
      "Metal Industries",
      "Metal Works",
      "Steel Furniture",
      "Powder Coating",
    ],
    caps: [
      "CNC turret punching and press brakes",
      "powder-coating plant in-house",
      "enclosures to customer drawings",
      "short runs welcome",
      "laser cutting up to 12 mm",
    ],
    cities:
      "Lahore 20, Karachi 20, Gujranwala 15, Faisalabad 8, Rawalpindi 8, Multan 6, Islamabad 5, Peshawar 5",
    tail: 0.12,
    related: [
      "Metal Fabrication & Welding",
      "Electrical Panels & Switchgear",
      "HVAC & Refrigeration",
    ],
    services: [
      "Galvanised sheet ducting, per sq ft | GI ducting for HVAC and exhaust, fabricated and installed. | 350-800 by 50",
      "CNC press brake bending, per 100 pieces | Bending of MS, GI and SS sheet to drawing. | 3000-9000 by 500",
      "Electrical enclosure box, powder coated | IP54 enclosure with mounting plate and door lock. | 4500-18000 by 500",
      "Sheet metal punching, per 100 pieces | Turret punching of brackets and panels. | 2500-8000 by 500",
      "Powder coating, per sq ft | Epoxy-polyester powder coating in RAL colours. | 80-180 by 10",
      "Steel almirah, 6 ft | Powder-coated steel cupboard with locker. | 28000-60000 by 1000",
    ],
  },
  "Casting & Forging": {
    weight: 3,
    kind: "maker",
    noun: "foundry and forging unit",
    what: "grey iron, aluminium and brass castings and forged parts",
    verb: "produce",
    place: "foundry",
    words: ["Foundry", "Casting"],
    endings: ["Foundry", "Castings", "Forgings", "Foundry & Engineering", "Metal Works"],
    caps: [
      "induction furnaces up to 2 tonnes",
      "spectro-tested metallurgy",
      "in-house pattern shop",
      "supplies automotive OEMs",
      "heat treatment facility",
    ],
    cities:
      "Gujranwala 25, Lahore 20, Karachi 15, Daska 8, Faisalabad 8, Sialkot 8, Wazirabad 5, Multan 4",
    tail: 0.05,
    related: ["Auto Parts", "Agricultural Machinery", "CNC Machining"],
    services: [
      "Grey iron casting, per kg | Sand-cast grey iron parts to your pattern. | 350-700 by 10",
      "Aluminium die casting, per kg | Pressure die-cast aluminium parts, fettled. | 900-1800 by 50",
      "Closed-die forging, per 100 pieces | Hot forging of steel parts with trimming. | 15000-60000 by 1000",
      "Pattern making for sand casting | Wooden or aluminium pattern from drawing or sample. | 15000-60000 by 1000",
      "Brass fittings casting, per kg | Gravity-cast brass valves and fittings. | 2200-3800 by 50",
      "Heat treatment, per kg | Hardening, tempering and annealing of steel parts. | 150-400 by 10",
    ],
  },
  "Plastic Injection Moulding": {
    weight: 4,
    kind: "maker",
    noun: "plastic injection moulder",
    what: "moulded plastic parts, crates, preforms and closures",
    verb: "mould",
    place: "factory",
    words: ["Plastic", "Polymer"],
    endings: ["Plastic Industries", "Plastics", "Polymers", "Moulders", "Plastic Works"],
    caps: [
      "machines from 80 to 1,000 tonnes",
      "in-house mould making",
      "food-grade materials",
      "supplies FMCG brands",
      "runs 24 hours, six days a week",
    ],
    cities: "Karachi 35, Lahore 30, Gujranwala 10, Faisalabad 8, Islamabad 3, Haripur 3",
    tail: 0.06,
    related: ["Printing & Packaging", "Auto Parts", "Electronics Assembly & Repair"],
    services: [
      "Injection moulding, per 1,000 shots | Moulding on your mould, material supplied or ours. | 4000-15000 by 500",
      "Two-cavity mould design and manufacture | Steel mould with hot runner option. | 250000-900000 by 10000",
      "PET preforms, per 1,000 pieces | Preforms for water and beverage bottles. | 9000-20000 by 500",
      "Plastic crates, per piece | HDPE crates for fruit, vegetables and bottles. | 900-2200 by 50",
      "HDPE caps and closures, per 10,000 | Flip-top and screw caps in custom colours. | 12000-30000 by 500",
      "Colour masterbatch, per kg | Custom colour matching for moulding and film. | 500-1200 by 50",
    ],
  },
  "Printing & Packaging": {
    weight: 5,
    kind: "maker",
    noun: "printing and packaging house",
    what: "offset and digital printing, labels and printed packaging",
    verb: "offer",
    place: "press",
    words: ["Printing", "Packaging"],
    endings: [
      "Printers",
      "Printing Press",
      "Packages",
      "Press",
      "Graphics",
      "Printing & Packaging",
    ],
    caps: [
      "Heidelberg offset presses",
      "same-day digital short runs",
      "UV and lamination finishes",
      "design support included",
      "bulk rates for schools and corporates",
    ],
    cities:
      "Lahore 30, Karachi 30, Islamabad 8, Rawalpindi 8, Faisalabad 8, Multan 6, Peshawar 5, Sialkot 5, Gujranwala 4",
    tail: 0.1,
    related: ["Corrugated Boxes", "Plastic Injection Moulding"],
    services: [
      "Offset printing, 1,000 brochures | A4 tri-fold brochures on 128 gsm art paper, full colour. | 12000-30000 by 500",
      "Visiting cards, 1,000 pieces | Matte or gloss lamination, both sides printed. | 1500-4500 by 100",
      "Printed food boxes, 1,000 pieces | Food-grade board boxes for bakeries and restaurants. | 15000-45000 by 500",
      "Flexible packaging pouches, per 1,000 | Printed laminated pouches with zip lock. | 8000-25000 by 500",
      "Panaflex banner printing, per sq ft | Outdoor flex printing with eyelets. | 40-100 by 10",
      "Hang tags and labels, 5,000 pieces | Garment hang tags and woven-look printed labels. | 6000-18000 by 500",
      "Book printing, 500 copies (200 pages) | Perfect-bound books with four-colour cover. | 120000-300000 by 5000",
    ],
    areas: { Lahore: ["M:Urdu Bazaar"], Karachi: ["M:Urdu Bazaar"] },
  },
  "Corrugated Boxes": {
    weight: 3,
    kind: "maker",
    noun: "corrugated carton maker",
    what: "3-, 5- and 7-ply corrugated cartons and sheets",
    verb: "make",
    place: "plant",
    words: ["Packaging", "Carton"],
    endings: ["Packages", "Cartons", "Corrugation", "Carton Industries", "Box Industries"],
    caps: [
      "automatic flexo printer-slotter lines",
      "export-grade 5- and 7-ply cartons",
      "burst-strength testing in-house",
      "minimum order 500 boxes",
      "delivery within 72 hours",
    ],
    cities:
      "Karachi 30, Lahore 25, Faisalabad 12, Sialkot 10, Gujranwala 6, Multan 6, Sheikhupura 5, Rawalpindi 3, Islamabad 3, Hyderabad 3",
    tail: 0.06,
    related: ["Printing & Packaging", "Logistics & Freight"],
    services: [
      "3-ply corrugated cartons, per 100 | Plain brown cartons in standard sizes. | 3000-8000 by 100",
      "5-ply export cartons, per 100 | Double-wall cartons for export shipments. | 6500-16000 by 500",
      "Die-cut pizza boxes, per 1,000 | E-flute pizza boxes printed in one or two colours. | 18000-40000 by 500",
      "Custom printed shipping boxes, per 1,000 | Flexo-printed mailer boxes with your branding. | 30000-90000 by 1000",
      "Corrugated sheet rolls, per kg | Single-face corrugated rolls for wrapping. | 120-220 by 10",
      "Carton die making | Steel-rule cutting die for custom box shapes. | 5000-18000 by 500",
    ],
  },
  "Auto Parts": {
    weight: 5,
    kind: "maker",
    noun: "auto parts supplier",
    what: "parts for cars, motorcycles, rickshaws, tractors and trucks",
    verb: "make and supply",
    place: "workshop",
    words: ["Auto"],
    endings: [
      "Autos",
      "Auto Parts",
      "Auto Industries",
      "Motors",
      "Auto Spare Parts",
      "Engineering",
    ],
    caps: [
      "vendor to local vehicle assemblers",
      "aftermarket and OEM-quality parts",
      "exports to Afghanistan and the Gulf",
      "bulk supply to dealers",
      "quality checks on every batch",
    ],
    cities:
      "Lahore 30, Karachi 30, Gujranwala 15, Sheikhupura 5, Rawalpindi 5, Faisalabad 5, Peshawar 5, Multan 4, Islamabad 2",
    tail: 0.08,
    related: ["CNC Machining", "Casting & Forging", "Plastic Injection Moulding"],
    services: [
      "Motorcycle chain sprocket kit (70cc) | Chain and sprocket set for 70cc motorcycles. | 900-2200 by 50",
      "Brake shoes, per set | Riveted or bonded brake shoes for cars and rickshaws. | 1200-3500 by 50",
      "Car radiator, 1,000 cc | Copper-brass radiator, pressure tested. | 9000-22000 by 500",
      "Tractor hydraulic pump overhaul | Rebuild of hydraulic pump with new seals and gears. | 15000-45000 by 1000",
      "Rickshaw silencer | Mild steel silencer for CNG and petrol rickshaws. | 3000-7500 by 100",
      "Leaf springs for trucks, per set | Heat-treated leaf spring set for trucks and trailers. | 25000-70000 by 1000",
      "Rubber engine mounts, per piece | Moulded rubber-to-metal engine mounts. | 1200-4000 by 100",
    ],
    areas: { Lahore: ["M:Badami Bagh"], Karachi: ["M:Shershah"] },
  },
  "Agricultural Machinery": {
    weight: 4,
    kind: "maker",
    noun: "agricultural machinery maker",
    what: "threshers, rotavators, seed drills, chaff cutters and tube-well pumps",
    verb: "build",
    place: "workshop",
    words: ["Agro", "Agricultural"],
    endings: [
      "Agricultural Works",
      "Agro Industries",
      "Engineering Works",
      "Thresher Works",
      "Agri Implements",
    ],
    caps: [
      "implements matched to MF-240 and Fiat 480 tractors",
      "dealer network across central and southern Punjab",
      "after-sales service in villages",
      "spare parts stocked year round",
      "custom implements on order",
    ],
    cities:
      "Daska 15, Faisalabad 15, Multan 15, Gujranwala 12, Sahiwal 8, Lahore 8, Okara 6, Bahawalpur 5, Sargodha 5, Vehari 4, Rahim Yar Khan 4, Hyderabad 4, Sukkur 3, Mandi Bahauddin 3",
    tail: 0.1,
    related: ["Casting & Forging", "Metal Fabrication & Welding"],
    services: [
      "Tractor-mounted rotavator, 7 ft | Gear-driven rotavator with boron steel blades. | 250000-450000 by 5000",
      "Wheat thresher | Tractor-driven thresher with straw chopper. | 350000-800000 by 10000",
      "Disc harrow, 16 discs | Trailed disc harrow for seedbed preparation. | 180000-350000 by 5000",
      "Seed drill, 11 tines | Wheat and rice seed drill with fertiliser box. | 120000-260000 by 5000",
      "Chaff cutter with electric motor | Fodder cutter with 5 hp motor and safety guard. | 45000-120000 by 1000",
      "Tube-well centrifugal pump, 6 inch | Cast-iron pump for diesel, electric or solar drive. | 60000-160000 by 1000",
      "Cultivator, 9 tines | Spring-loaded tine cultivator. | 70000-140000 by 1000",
    ],
  },
  "Electrical Panels & Switchgear": {
    weight: 3,
    kind: "maker",
    noun: "electrical panel builder",
    what: "LT, PFI and ATS panels and motor control centres",
    verb: "build",
    place: "workshop",
    words: ["Electric", "Power"],
    endings: ["Electric", "Electrical Works", "Switchgear", "Power Engineering", "Panels"],
    caps: [
      "built to IEC 61439",
      "Schneider, ABB and Siemens components",
      "PFI panels with automatic controllers",
      "maintenance contracts for factories",
      "thermography and load surveys",
    ],
    cities:
      "Lahore 30, Karachi 30, Islamabad 8, Rawalpindi 8, Faisalabad 8, Multan 6, Gujranwala 6, Peshawar 4",
    tail: 0.06,
    related: ["Electrical Contractors", "Solar Installation", "Sheet Metal Work"],
    services: [
      "LT distribution panel, 400 A | Main LT panel with ACB, busbars and metering. | 350000-900000 by 10000",
      "Power factor improvement panel, 150 kVAR | Automatic PFI panel with capacitors and contactors. | 450000-1200000 by 10000",
      "Automatic transfer switch (ATS) panel, 100 A | Mains-generator changeover with controller. | 120000-300000 by 5000",
      "Motor control centre, per feeder | DOL or star-delta feeder with protection relay. | 40000-110000 by 1000",
      "Panel maintenance and thermography, per visit | Tightening, cleaning and thermal imaging report. | 15000-45000 by 1000",
      "Busbar trunking, per metre | Copper busbar trunking installed on site. | 25000-70000 by 1000",
    ],
  },
  "Solar Installation": {
    weight: 6,
    kind: "service",
    noun: "solar installer",
    what: "rooftop and commercial solar systems, solar tube-wells and batteries",
    verb: "install",
    place: "homes, farms and factories",
    words: ["Solar", "Energy"],
    endings: ["Solar", "Solar Solutions", "Solar Energy", "Energy", "Renewables", "Solar Systems"],
    caps: [
      "Tier-1 panels with 25-year performance warranty",
      "net-metering paperwork handled end to end",
      "AEDB-certified installer",
      "free site survey",
      "financing through partner banks",
    ],
    cities:
      "Lahore 20, Karachi 18, Islamabad 14, Multan 12, Rawalpindi 10, Faisalabad 10, Peshawar 8, Quetta 5, Hyderabad 5, Bahawalpur 5, Gujranwala 5, Sialkot 4",
    tail: 0.3,
    related: ["Electrical Contractors", "Electrical Panels & Switchgear"],
    services: [
      "Rooftop solar system 10 kW | On-grid system with inverter, structure and installation. | 1000000-1800000 by 10000",
      "Hybrid solar system 5 kW | Panels, hybrid inverter and batteries, installed. | 650000-1100000 by 10000",
      "Net-metering application and approval | Documentation and follow-up with the distribution company. | 35000-90000 by 1000",
      "Solar tube-well system, 15 hp | Solar pumping system with VFD for agriculture. | 1800000-3200000 by 50000",
      "Solar panel cleaning, per panel | Washing with soft brushes and purified water. | 150-400 by 50",
      "Lithium battery 5 kWh, installed | LiFePO4 battery with BMS, wall mounted. | 280000-450000 by 5000",
      "Inverter repair and diagnostics | Fault finding and repair of solar inverters. | 3000-12000 by 500",
    ],
  },
  "HVAC & Refrigeration": {
    weight: 4,
    kind: "service",
    noun: "HVAC contractor",
    what: "split AC, VRF, chiller and cold storage installation and servicing",
    verb: "provide",
    place: "homes, offices and factories",
    words: ["Cooling", "Refrigeration"],
    endings: [
      "Refrigeration",
      "Air Conditioning",
      "HVAC Services",
      "Cooling Solutions",
      "Refrigeration Works",
    ],
    caps: [
      "VRF and chiller specialists",
      "certified technicians",
      "24/7 breakdown service",
      "annual maintenance contracts",
      "cold storage for fruit and dairy",
    ],
    cities:
      "Karachi 25, Lahore 25, Islamabad 15, Rawalpindi 10, Multan 8, Faisalabad 8, Peshawar 5, Hyderabad 5, Quetta 3",
    tail: 0.12,
    related: ["Electrical Contractors", "Plumbing & Sanitary", "Sheet Metal Work"],
    services: [
      "Split AC installation, 1.5 ton | Indoor and outdoor unit fitting with up to 10 ft piping. | 4000-9000 by 500",
      "AC general service, per unit | Washing of coils and filters, drain and gas pressure check. | 2500-5000 by 500",
      "Gas refilling R410A, 1.5 ton | Leak test, vacuum and full gas charge. | 7000-14000 by 500",
      "Cold storage room, 20 × 20 ft | PU-panel cold room with condensing unit, installed. | 2500000-5500000 by 50000",
      "Ducted VRF system, per ton | Design, supply and installation of VRF systems. | 180000-320000 by 5000",
      "Chiller annual maintenance contract | Quarterly visits, tube cleaning and emergency call-outs. | 250000-900000 by 10000",
    ],
  },
  "Electrical Contractors": {
    weight: 4,
    kind: "service",
    noun: "electrical contractor",
    what: "wiring, earthing, lighting and generator changeover work",
    verb: "carry out",
    place: "homes, shops and factories",
    words: ["Electric", "Electrical"],
    endings: [
      "Electric Works",
      "Electricals",
      "Electric Company",
      "Electrical Services",
      "Power Services",
    ],
    caps: [
      "PEC-registered electrical contractor",
      "industrial and domestic wiring",
      "load calculation and safety audits",
      "emergency call-outs",
      "same-day visits",
    ],
    cities:
      "Lahore 20, Karachi 20, Islamabad 15, Rawalpindi 12, Faisalabad 8, Multan 8, Peshawar 6, Quetta 4, Hyderabad 4",
    tail: 0.3,
    related: ["Solar Installation", "Electrical Panels & Switchgear", "Construction & Civil Works"],
    services: [
      "House wiring, per point | Concealed wiring with copper cable and switch plates. | 1200-2800 by 100",
      "Complete wiring, 10 marla house | Wiring, DB boxes and fittings for a new house. | 250000-550000 by 5000",
      "Earthing pit installation | Copper plate earthing with test report. | 15000-40000 by 1000",
      "Generator changeover installation | Manual changeover switch with cabling. | 8000-20000 by 500",
      "Electrician visit, first hour | Fault finding and small repairs. | 1000-2500 by 100",
      "LED lighting retrofit, per fixture | Replacement of old tube lights with LED panels. | 1500-4000 by 100",
      "Factory power cabling, per metre | Armoured cable laid on racks or in trenches. | 800-3500 by 50",
    ],
  },
  "Plumbing & Sanitary": {
    weight: 4,
    kind: "service",
    noun: "plumbing contractor",
    what: "plumbing installation, water tanks, geysers and leak repairs",
    verb: "handle",
    place: "homes and offices",
    words: ["Plumbing", "Sanitary"],
    endings: [
      "Plumbing Services",
      "Sanitary Store",
      "Sanitary & Plumbing",
      "Plumbers",
      "Pipe House",
    ],
    caps: [
      "trained plumbers on call",
      "PPR and UPVC systems",
      "solar and gas geyser installation",
      "warranty on workmanship",
      "emergency leak repair",
    ],
    cities:
      "Lahore 20, Karachi 20, Islamabad 15, Rawalpindi 12, Faisalabad 8, Multan 8, Peshawar 6",
    tail: 0.3,
    related: ["Construction & Civil Works", "HVAC & Refrigeration"],
    services: [
      "Plumber visit, first hour | Repairs of taps, flush tanks and drains. | 1000-2500 by 100",
      "Complete plumbing, 10 marla house | Water supply, drainage and gas lines for a new house. | 200000-450000 by 5000",
      "Overhead water tank cleaning | Draining, scrubbing and disinfection of the tank. | 2500-6000 by 500",
      "Gas geyser installation | Fitting of geyser with gas and water connections. | 3000-7000 by 500",
      "PPR pipe fitting, per point | Hot and cold water points with PPR pipe. | 1800-4000 by 100",
      "Leak detection and repair | Finding hidden leaks in walls and floors, with repair. | 3000-12000 by 500",
      "Bathroom renovation, complete | Tiles, fittings and plumbing for one bathroom. | 180000-550000 by 5000",
    ],
  },
  "Construction & Civil Works": {
    weight: 5,
    kind: "service",
    noun: "construction company",
    what: "grey structure and turnkey construction, boundary walls and roofing",
    verb: "deliver",
    place: "homeowners and businesses",
    words: ["Construction"],
    endings: [
      "Builders",
      "Builders & Developers",
      "Construction Company",
      "Constructors",
      "Engineering & Construction",
    ],
    caps: [
      "PEC-registered contractor",
      "turnkey houses and commercial buildings",
      "fixed rates per square foot",
      "in-house architects and structural engineers",
      "site supervision with weekly reports",
    ],
    cities:
      "Lahore 20, Karachi 20, Islamabad 18, Rawalpindi 12, Multan 8, Faisalabad 8, Peshawar 8, Quetta 5, Gwadar 3",
    tail: 0.25,
    related: [
      "Interior Design & Fit-Out",
      "Plumbing & Sanitary",
      "Electrical Contractors",
      "Marble & Granite",
    ],
    services: [
      "Grey structure construction, per sq ft | Foundation, frame, brickwork and roof slab. | 2800-4200 by 50",
      "Complete construction with finishing, per sq ft | Turnkey house including electrical, plumbing and finishes. | 5000-8500 by 100",
      "Boundary wall, per running foot | Brick boundary wall, 7 ft high, plastered. | 4000-9000 by 100",
      "Architectural drawings and approval, 10 marla | Plans, elevations and approval from the development authority. | 80000-250000 by 5000",
      "RCC roof slab, per sq ft | Reinforced concrete slab with shuttering and curing. | 550-950 by 50",
      "Soil investigation, per borehole | Borehole drilling with lab tests and report. | 45000-120000 by 1000",
      "Roof waterproofing, per sq ft | Bitumen membrane or chemical waterproofing. | 80-220 by 10",
    ],
  },
  "Interior Design & Fit-Out": {
    weight: 4,
    kind: "service",
    noun: "interior design studio",
    what: "interior design, false ceilings, paint and complete fit-outs",
    verb: "deliver",
    place: "homes, offices and restaurants",
    words: ["Interiors", "Design"],
    endings: ["Interiors", "Interior Design", "Design Studio", "Decor", "Decorators"],
    caps: [
      "design-and-build from concept to handover",
      "3D visualisation before work starts",
      "in-house carpentry workshop",
      "projects for offices, restaurants and homes",
      "fixed timelines in every contract",
    ],
    cities: "Lahore 30, Karachi 28, Islamabad 20, Rawalpindi 8, Faisalabad 6, Multan 6, Peshawar 4",
    tail: 0.06,
    related: ["Furniture & Woodwork", "Construction & Civil Works", "Marble & Granite"],
    services: [
      "Interior design consultation, per visit | Site visit with layout and material advice. | 10000-35000 by 1000",
      "Office fit-out, per sq ft | Partitions, ceilings, lighting and furniture. | 3500-9000 by 100",
      "Gypsum false ceiling, per sq ft | Gypsum board ceiling with cove lighting. | 180-350 by 10",
      "3D renders, per room | Photo-realistic renders with two revisions. | 8000-25000 by 500",
      "Wallpaper installation, per sq ft | Supply and fixing of imported wallpaper. | 120-300 by 10",
      "Restaurant interior, design and build, per sq ft | Complete restaurant fit-out with kitchen coordination. | 6000-14000 by 500",
      "Paint job, per sq ft (labour and material) | Putty, primer and two coats of emulsion. | 45-110 by 5",
    ],
  },
  "Marble & Granite": {
    weight: 3,
    kind: "maker",
    noun: "marble and granite processor",
    what: "marble, granite and onyx slabs, tiles and countertops",
    verb: "cut and polish",
    place: "factory",
    words: ["Marble", "Stone"],
    endings: ["Marble", "Marble & Granite", "Marble Works", "Marble Factory", "Stone Industries"],
    caps: [
      "own processing plant with gang saws",
      "stone from Ziarat and Mohmand quarries",
      "exports to China and the Gulf",
      "polishing and installation teams",
      "cut-to-size slabs",
    ],
    cities:
      "Peshawar 20, Karachi 20, Lahore 15, Islamabad 8, Rawalpindi 6, Quetta 5, Nowshera 4, Mardan 4",
    tail: 0.06,
    related: ["Construction & Civil Works", "Interior Design & Fit-Out", "Handicrafts"],
    services: [
      "Ziarat white marble, per sq ft | Polished white marble tiles and slabs. | 350-900 by 50",
      "Black granite, per sq ft | Polished black granite for floors and counters. | 900-2200 by 50",
      "Marble kitchen countertop, per running foot | Countertop with edge profile and sink cut-out, installed. | 3500-9000 by 100",
      "Onyx slab, per sq ft | Green and multi-colour onyx, polished. | 1500-5000 by 100",
      "Marble floor polishing, per sq ft | Grinding, polishing and crystallisation. | 25-70 by 5",
      "Marble cutting and edge finishing, per running foot | Cutting to size with bullnose or bevel edges. | 150-450 by 10",
      "Sunny grey marble tiles, per sq ft | Economical grey marble for floors and stairs. | 180-350 by 10",
    ],
  },
  "Ceramics & Pottery": {
    weight: 2,
    kind: "maker",
    noun: "pottery and ceramics workshop",
    what: "glazed tableware, blue pottery and handmade tiles",
    verb: "make",
    place: "workshop",
    words: ["Ceramic", "Pottery"],
    endings: ["Ceramics", "Pottery", "Pottery House", "Blue Pottery", "Kashi Works"],
    caps: [
      "hand-painted by family artisans",
      "custom orders for hotels and restaurants",
      "export packing",
      "lead-free glazes",
    ],
    cities: "Multan 22, Gujrat 20, Hala 10, Lahore 10, Karachi 10, Hyderabad 3",
    tail: 0.1,
    related: ["Handicrafts", "Glass & Bangles"],
    services: [
      "Multani blue pottery vase | Hand-painted blue and white vase, 12 inches. | 2500-9000 by 100",
      "Hala kashi tiles, per sq ft | Hand-glazed tiles in traditional Sindhi patterns. | 1500-4500 by 100",
      "Glazed ceramic dinner set, 72 pieces | Stoneware dinner set, dishwasher safe. | 15000-45000 by 500",
      "Terracotta planters, set of 3 | Hand-thrown clay planters with drainage holes. | 1800-5500 by 100",
      "Custom logo mugs, per 100 | Glazed mugs with your logo fired on. | 25000-60000 by 1000",
      "Clay water cooler (matka) | Traditional clay pot with tap and stand. | 800-2500 by 50",
    ],
  },
  "Carpets & Rugs": {
    weight: 3,
    kind: "maker",
    noun: "carpet maker and dealer",
    what: "hand-knotted and machine-made carpets, kilims and rugs",
    verb: "make and sell",
    place: "workshop",
    words: ["Carpet"],
    endings: ["Carpets", "Carpet House", "Rugs", "Carpet Industries", "Oriental Rugs"],
    caps: [
      "hand-knotted by family workshops",
      "vegetable-dyed wool",
      "washing and restoration service",
      "exports to the US and Europe",
      "custom sizes and designs",
    ],
    cities: "Lahore 35, Karachi 25, Peshawar 10, Quetta 8, Faisalabad 5, Multan 4, Sheikhupura 3",
    tail: 0.05,
    related: ["Home Textiles", "Handicrafts"],
    services: [
      "Hand-knotted wool rug, 6 × 9 ft | Wool-on-cotton rug in Bokhara or Ziegler designs. | 90000-400000 by 5000",
      "Silk-on-cotton hand-knotted rug, per sq ft | Fine silk pile rug, made to order. | 15000-45000 by 500",
      "Machine-made carpet, per sq ft | Wall-to-wall or room-size carpet. | 250-900 by 50",
      "Carpet washing, per sq ft | Hand washing and drying of rugs and carpets. | 60-150 by 10",
      "Afghan kilim, 4 × 6 ft | Flat-woven wool kilim. | 18000-60000 by 1000",
      "Wall-to-wall carpet installation, per sq ft | Supply and fitting with underlay and gripper. | 300-800 by 50",
      "Rug repair and fringe replacement | Reweaving of damaged areas and new fringes. | 5000-25000 by 500",
    ],
  },
  Handicrafts: {
    weight: 3,
    kind: "maker",
    noun: "handicrafts supplier",
    what: "ajrak, camel-skin lamps, truck art, onyx and carved wood",
    verb: "source and sell",
    place: "shop",
    words: ["Handicrafts", "Crafts"],
    endings: ["Handicrafts", "Crafts", "Arts & Crafts", "Craft House", "Heritage Crafts"],
    caps: [
      "works directly with artisan families",
      "corporate gifting orders",
      "exports to the UK and US",
      "custom designs on request",
    ],
    cities:
      "Multan 12, Lahore 10, Hyderabad 10, Bahawalpur 8, Peshawar 8, Karachi 8, Islamabad 6, Hala 5, Mingora 5, Gilgit 4, Quetta 4, Skardu 3, Muzaffarabad 3, Chiniot 3",
    tail: 0.1,
    related: ["Embroidery", "Ceramics & Pottery", "Carpets & Rugs"],
    services: [
      "Sindhi ajrak, hand-block printed | Cotton ajrak printed with natural dyes. | 2500-7500 by 100",
      "Camel-skin lamp | Hand-painted camel-skin lamp from Multan. | 4000-14000 by 500",
      "Truck art painted kettle | Hand-painted steel kettle in truck-art style. | 2000-6000 by 100",
      "Onyx decorative set | Hand-turned onyx vase, bowl and candle holders. | 3000-12000 by 500",
      "Swati carved wooden jewellery box | Walnut box with traditional Swat carving. | 3500-12000 by 500",
      "Ralli quilt, handmade | Patchwork ralli from Sindh, double bed size. | 8000-30000 by 500",
      "Corporate gift boxes with handicrafts, per 10 | Curated boxes with your card, delivered. | 25000-80000 by 1000",
    ],
    areas: {
      Hyderabad: ["M:Resham Gali", "M:Shahi Bazaar"],
      Lahore: ["M:Anarkali Bazaar"],
      Peshawar: ["M:Qissa Khwani Bazaar"],
      Multan: ["M:Hussain Agahi Bazaar"],
    },
  },
  "Food Processing": {
    weight: 4,
    kind: "maker",
    noun: "food processor",
    what: "fruit pulp, spices, pickles, sweets and dates",
    verb: "process and pack",
    place: "plant",
    words: ["Foods"],
    endings: ["Foods", "Food Industries", "Food Products", "Agro Foods", "Fruit Processing"],
    caps: [
      "HACCP and ISO 22000 certified",
      "halal certified",
      "private-label packing",
      "exports to the Gulf and UK",
      "cold-chain delivery",
    ],
    cities:
      "Karachi 25, Lahore 20, Faisalabad 10, Multan 12, Islamabad 5, Rawalpindi 5, Peshawar 6, Hyderabad 6, Khairpur 6, Sargodha 5, Sukkur 4, Mirpur Khas 4, Quetta 4, Gujranwala 3",
    tail: 0.1,
    related: ["Rice Milling", "Printing & Packaging", "Laboratory Testing"],
    services: [
      "Mango pulp, 20 kg drum | Aseptic Sindhri and Chaunsa mango pulp. | 6000-12000 by 500",
      "Private-label spice blends, per 1,000 packs | Blending and packing of spice mixes under your brand. | 25000-70000 by 1000",
      "Multani sohan halwa, 1 kg box | Traditional sohan halwa with almonds. | 1500-3500 by 100",
      "Aseel dates, 10 kg carton | Graded and cleaned Khairpur dates. | 3500-9000 by 100",
      "Frozen food contract packing, per 100 kg | Blast freezing and packing of parathas, samosas and kebabs. | 15000-40000 by 500",
      "Mixed pickle 1 kg jar, per dozen | Mango and mixed pickle in oil. | 4500-9000 by 100",
      "Cold storage, per pallet per month | Chilled or frozen storage. | 2500-6000 by 500",
    ],
    areas: { Karachi: ["M:Jodia Bazaar"] },
  },
  "Rice Milling": {
    weight: 3,
    kind: "maker",
    noun: "rice mill",
    what: "Super Basmati, 1121 and IRRI-6 rice",
    verb: "mill, sort and pack",
    place: "mill",
    words: ["Rice"],
    endings: ["Rice Mills", "Rice Industries", "Rice Traders", "Rice Processing", "Rice Exports"],
    caps: [
      "Sortex-cleaned and graded",
      "exports to the Gulf, Europe and East Africa",
      "buys paddy directly from farmers",
      "private-label packing in 1 to 50 kg bags",
      "parboiling plant",
    ],
    cities:
      "Gujranwala 15, Kamoke 12, Hafizabad 10, Karachi 10, Sheikhupura 8, Larkana 8, Muridke 6, Narowal 5, Lahore 5, Sialkot 4, Shikarpur 4, Jacobabad 4, Dera Murad Jamali 4, Mandi Bahauddin 3",
    tail: 0.04,
    related: ["Food Processing", "Logistics & Freight"],
    services: [
      "Super Basmati rice, 25 kg bag | Aged, Sortex-cleaned Super Basmati. | 8500-14000 by 100",
      "1121 Sella rice, 25 kg bag | Golden or white sella, extra-long grain. | 9000-15000 by 100",
      "IRRI-6 rice, 50 kg bag | Long-grain non-basmati rice. | 7500-12000 by 100",
      "Paddy husking and polishing, per 40 kg | Job milling of paddy per maund. | 150-400 by 50",
      "Sortex colour sorting, per tonne | Colour sorting of rice on Sortex machines. | 2000-5000 by 100",
      "Broken rice (B1), 50 kg bag | Broken rice for mills and feed. | 5000-8500 by 100",
    ],
  },
  "Pharmaceutical Contract Manufacturing": {
    weight: 2,
    kind: "maker",
    noun: "contract pharmaceutical manufacturer",
    what: "tablets, capsules, syrups and blister packs for other brands",
    verb: "manufacture",
    place: "plant",
    words: ["Pharma", "Pharmaceutical"],
    endings: ["Pharma", "Pharmaceuticals", "Laboratories", "Pharma (Pvt) Ltd", "Life Sciences"],
    caps: [
      "DRAP-licensed facility",
      "cGMP compliant",
      "ready for WHO-GMP audits",
      "toll manufacturing for local and export brands",
      "in-house QC laboratory",
    ],
    cities: "Lahore 35, Karachi 35, Islamabad 10, Peshawar 6, Rawalpindi 3, Multan 3, Haripur 3",
    tail: 0.03,
    related: ["Chemicals", "Laboratory Testing"],
    services: [
      "Tablet manufacturing, per 100,000 tablets | Compression, coating and QC release. | 80000-250000 by 5000",
      "Capsule filling, per 100,000 capsules | Hard gelatin capsule filling. | 90000-300000 by 5000",
      "Oral syrup, per 1,000 bottles (120 ml) | Syrup compounding, filling and labelling. | 45000-120000 by 1000",
      "Stability study per product | Real-time and accelerated stability under ICH conditions. | 250000-800000 by 10000",
      "Product registration dossier (DRAP) | CTD dossier preparation for registration. | 150000-500000 by 10000",
      "Blister packing, per 10,000 strips | Alu-PVC blister packing with printed foil. | 15000-45000 by 500",
    ],
  },
  Chemicals: {
    weight: 3,
    kind: "maker",
    noun: "chemical supplier",
    what: "textile, tannery and industrial chemicals and water treatment products",
    verb: "blend and supply",
    place: "plant",
    words: ["Chemical"],
    endings: ["Chemicals", "Chemical Industries", "Chemical Co.", "Chem", "Chemicals (Pvt) Ltd"],
    caps: [
      "supplies textile mills and tanneries",
      "in-house R&D lab",
      "bulk tankers and drums",
      "technical support at customer sites",
      "ISO 9001 certified",
    ],
    cities: "Karachi 35, Lahore 20, Faisalabad 15, Sheikhupura 6, Kasur 4, Multan 4, Hub 4",
    tail: 0.05,
    related: ["Laboratory Testing", "Industrial Cleaning", "Pharmaceutical Contract Manufacturing"],
    services: [
      "Textile softener, 50 kg drum | Cationic softener for cotton and blends. | 12000-30000 by 500",
      "Hydrochloric acid 33%, 30 L can | Technical-grade acid for industry. | 2500-5500 by 100",
      "Industrial degreaser, 20 L | Water-based degreaser for machinery and floors. | 6000-14000 by 500",
      "Caustic soda flakes, 25 kg bag | Sodium hydroxide flakes, 98% purity. | 4000-7500 by 100",
      "Tannery fatliquor, per kg | Synthetic fatliquor for soft leathers. | 450-1100 by 50",
      "Custom formulation development | Lab development of a product to your specification. | 50000-250000 by 5000",
      "Boiler water treatment chemical, 25 kg | Scale and corrosion inhibitor for boilers. | 8000-20000 by 500",
    ],
  },
  "Glass & Bangles": {
    weight: 2,
    kind: "maker",
    noun: "glass and bangle maker",
    what: "glass bangles, tempered glass, mirrors and glassware",
    verb: "make",
    place: "workshop",
    words: ["Glass"],
    endings: ["Glass House", "Bangles", "Glass Works", "Glass Industries", "Bangle Store"],
    caps: [
      "handmade bangles by karigar families",
      "tempered and laminated glass",
      "bulk orders for wholesalers",
      "custom colours and designs",
      "cut-to-size service",
    ],
    cities: "Hyderabad 40, Karachi 20, Lahore 15, Sheikhupura 5, Gujranwala 4",
    tail: 0.05,
    related: ["Handicrafts", "Ceramics & Pottery"],
    services: [
      "Glass bangles, per dozen sets | Hand-decorated glass bangles, assorted colours. | 600-2500 by 50",
      "Bridal kangan set, hand-decorated | Bangles with stones and zari work for weddings. | 2500-9000 by 100",
      "Tempered glass 10 mm, per sq ft | Toughened glass for doors, shopfronts and railings. | 900-1800 by 50",
      "Glass bottles 250 ml, per 1,000 | Flint glass bottles for food and cosmetics. | 25000-60000 by 500",
      "Mirror cutting and bevelling, per sq ft | Mirrors cut to size with bevelled edges. | 300-800 by 50",
      "Aluminium-frame glass partition, per sq ft | Office partitions with doors, installed. | 1800-4000 by 100",
      "Decorative glass etching, per sq ft | Frosted and etched designs for doors and partitions. | 600-1800 by 50",
    ],
    areas: { Hyderabad: ["M:Shahi Bazaar", "M:Resham Gali"] },
  },
  "Electronics Assembly & Repair": {
    weight: 4,
    kind: "service",
    noun: "electronics assembly and repair shop",
    what: "PCB assembly, UPS and inverter repair and CCTV installation",
    verb: "provide",
    place: "homes and businesses",
    words: ["Electronics"],
    endings: [
      "Electronics",
      "Electronics Lab",
      "Tech Services",
      "Electronics & Repair",
      "Engineering",
    ],
    caps: [
      "SMT line with pick-and-place machines",
      "component-level repair",
      "warranty on repairs",
      "pickup and delivery service",
      "OEM assembly for local brands",
    ],
    cities:
      "Lahore 25, Karachi 25, Islamabad 12, Rawalpindi 10, Faisalabad 6, Peshawar 6, Multan 5, Gujrat 5, Gujranwala 5, Hyderabad 3, Quetta 3",
    tail: 0.12,
    related: ["IT & Software Services", "Electrical Panels & Switchgear"],
    services: [
      "PCB assembly (SMT), per 100 boards | Stencil, pick-and-place and reflow with inspection. | 25000-90000 by 1000",
      "UPS and inverter repair | Diagnosis and repair of home and office UPS units. | 2500-12000 by 500",
      "LED TV panel repair | Backlight and board repair for LED TVs. | 5000-25000 by 500",
      "CCTV installation, 4 cameras | HD cameras, DVR and cabling with mobile viewing. | 35000-80000 by 1000",
      "Mobile phone board repair | Chip-level repair of phone motherboards. | 1500-8000 by 100",
      "Ceiling fan rewinding and repair | Motor rewinding, bearings and capacitor replacement. | 1200-3000 by 100",
      "Custom PCB design, per board | Schematic and layout for a new circuit board. | 15000-80000 by 1000",
    ],
    areas: { Lahore: ["M:Hall Road"] },
  },
  "IT & Software Services": {
    weight: 5,
    kind: "service",
    noun: "software house",
    what: "websites, mobile apps, ERP systems and IT support",
    verb: "build",
    place: "businesses",
    words: ["Tech", "Software", "Digital"],
    endings: ["Technologies", "Tech", "Soft", "Systems", "Software House", "Digital", "Labs"],
    caps: [
      "PSEB-registered software house",
      "remote teams serving clients in the US and Gulf",
      "fixed-price projects and monthly retainers",
      "support in Urdu and English",
      "ISO 27001-aligned processes",
    ],
    cities:
      "Lahore 30, Islamabad 30, Karachi 25, Rawalpindi 8, Faisalabad 5, Multan 5, Peshawar 5, Sialkot 2, Hyderabad 2, Abbottabad 2",
    tail: 0.05,
    related: ["Electronics Assembly & Repair"],
    services: [
      "Business website, 5 pages | Responsive website with contact form and basic SEO. | 40000-150000 by 5000",
      "E-commerce store setup | Online store with payment gateway and courier integration. | 120000-450000 by 10000",
      "Mobile app for Android and iOS | Cross-platform app from design to store release. | 600000-2500000 by 50000",
      "Office network setup, 20 nodes | Cabling, switches, Wi-Fi and firewall configuration. | 60000-180000 by 5000",
      "ERP implementation for a small factory | Inventory, production and accounts modules with training. | 500000-2000000 by 50000",
      "IT support retainer, per month | On-call support and monthly maintenance visits. | 25000-90000 by 5000",
      "Search engine optimisation, per month | Keyword research, on-page fixes and monthly report. | 30000-120000 by 5000",
    ],
    areas: { Lahore: ["O:Arfa Software Technology Park, Ferozepur Road"] },
  },
  "Logistics & Freight": {
    weight: 4,
    kind: "service",
    noun: "freight and logistics company",
    what: "road freight, container haulage, customs clearance and warehousing",
    verb: "provide",
    place: "traders and manufacturers",
    words: ["Logistics", "Cargo"],
    endings: [
      "Logistics",
      "Goods Transport Co.",
      "Cargo",
      "Freight Services",
      "Movers",
      "Shipping",
    ],
    caps: [
      "own fleet of trailers and containers",
      "tracking on every shipment",
      "customs clearance at Karachi ports",
      "door-to-door delivery",
      "daily departures on the Karachi–Lahore route",
    ],
    cities:
      "Karachi 35, Lahore 20, Faisalabad 8, Rawalpindi 6, Islamabad 6, Multan 6, Peshawar 6, Sialkot 6, Quetta 5, Gwadar 3, Sukkur 3, Hyderabad 3, Chaman 2",
    tail: 0.08,
    related: ["Corrugated Boxes", "Rice Milling"],
    services: [
      "Full truckload Karachi to Lahore (22-wheeler) | Container or open-body trailer, door to door. | 180000-320000 by 5000",
      "Shehzore city shifting, per trip | Mini truck with two labourers within the city. | 6000-15000 by 500",
      "Sea freight, 40 ft container to Jebel Ali | Booking, documentation and loading at Karachi port. | 150000-450000 by 5000",
      "Customs clearance, per GD | Filing of goods declaration and examination support. | 15000-45000 by 1000",
      "Warehousing, per pallet per month | Racked storage with inventory reports. | 2000-5000 by 500",
      "Courier for documents, per kg | Overnight delivery between major cities. | 250-700 by 50",
      "Container haulage, Karachi port to Faisalabad dry port | 20 ft or 40 ft container on trailer. | 220000-380000 by 5000",
    ],
    areas: { Karachi: ["R:Mauripur Road"], Lahore: ["R:Bund Road"] },
  },
  "Industrial Cleaning": {
    weight: 2,
    kind: "service",
    noun: "industrial cleaning company",
    what: "factory deep cleaning, boiler descaling, duct and tank cleaning",
    verb: "provide",
    place: "factories, hospitals and offices",
    words: ["Cleaning"],
    endings: ["Cleaning Services", "Facility Services", "Cleaners", "Hygiene Services"],
    caps: [
      "trained and insured staff",
      "night and weekend shifts",
      "food-safe chemicals",
      "contracts for factories and hospitals",
      "equipment and consumables included",
    ],
    cities:
      "Karachi 25, Lahore 25, Islamabad 12, Faisalabad 10, Rawalpindi 8, Multan 6, Sialkot 5, Gujranwala 4, Peshawar 4, Hyderabad 3",
    tail: 0.06,
    related: ["Pest Control", "Chemicals"],
    services: [
      "Factory floor deep cleaning, per 1,000 sq ft | Scrubbing and degreasing with ride-on machines. | 8000-25000 by 500",
      "Boiler descaling | Chemical descaling with neutralisation and report. | 40000-150000 by 5000",
      "Duct cleaning, per running foot | Mechanical brushing and vacuuming of air ducts. | 150-400 by 10",
      "Water tank and sump cleaning | Draining, sludge removal and disinfection. | 6000-18000 by 500",
      "High-pressure washing of sheds, per 1,000 sq ft | Roof and wall washing of industrial sheds. | 5000-15000 by 500",
      "Janitorial staff, per person per month | Uniformed cleaner with supervision. | 38000-55000 by 1000",
      "Kitchen exhaust hood degreasing | Hood, filter and duct degreasing for restaurants. | 12000-35000 by 1000",
    ],
  },
  "Pest Control": {
    weight: 3,
    kind: "service",
    noun: "pest control company",
    what: "termite, cockroach, rodent and mosquito control and fumigation",
    verb: "provide",
    place: "homes, offices and warehouses",
    words: ["Pest Control"],
    endings: [
      "Pest Control",
      "Pest Control Services",
      "Fumigation Services",
      "Pest Solutions",
      "Termite Control",
    ],
    caps: [
      "WHO-approved chemicals",
      "odourless gel treatments",
      "service warranty up to one year",
      "fumigation certificates for export",
      "trained and uniformed staff",
    ],
    cities:
      "Karachi 22, Lahore 20, Islamabad 14, Rawalpindi 10, Faisalabad 8, Multan 8, Peshawar 5, Hyderabad 5, Quetta 3",
    tail: 0.25,
    related: ["Industrial Cleaning"],
    services: [
      "Termite treatment, 10 marla house | Drilling and injection around the structure. | 15000-40000 by 1000",
      "Cockroach and general spray, 1 kanal | Gel and spray treatment of kitchen and drains. | 5000-12000 by 500",
      "Dengue mosquito fogging, per visit | Indoor and outdoor fogging and larvicide. | 4000-12000 by 500",
      "Warehouse fumigation, per 1,000 cu ft | Phosphine fumigation under sheets. | 3000-9000 by 500",
      "Rodent control contract, per month | Bait stations with monthly monitoring. | 8000-30000 by 1000",
      "Bed bug treatment, per room | Two-visit treatment with steam and spray. | 4000-9000 by 500",
      "Export consignment fumigation certificate | Fumigation with certificate for shipping. | 6000-18000 by 500",
    ],
  },
  "Laboratory Testing": {
    weight: 2,
    kind: "service",
    noun: "testing laboratory",
    what: "water, food, textile and construction material testing",
    verb: "offer",
    place: "manufacturers and exporters",
    words: ["Testing"],
    endings: ["Labs", "Laboratories", "Testing Services", "Analytical Lab", "Testing Lab"],
    caps: [
      "ISO/IEC 17025 accredited by PNAC",
      "results within 48 hours",
      "sample pickup from factories",
      "testing for export compliance",
    ],
    cities:
      "Karachi 28, Lahore 25, Islamabad 15, Faisalabad 12, Multan 5, Sialkot 5, Rawalpindi 4, Peshawar 4",
    tail: 0.05,
    related: ["Chemicals", "Food Processing"],
    services: [
      "Drinking water test (physical, chemical and microbial) | Full panel against national drinking water standards. | 5000-15000 by 500",
      "Textile colour fastness test | Washing, rubbing and light fastness to ISO methods. | 2500-7000 by 500",
      "Food microbiology panel | Total plate count, coliforms, E. coli and salmonella. | 8000-25000 by 500",
      "Concrete cube compression test, set of 3 | Crushing test with certificate. | 1500-4500 by 100",
      "Steel bar tensile test | Yield, tensile strength and elongation. | 2000-6000 by 500",
      "Agricultural soil test | Nutrients, pH and salinity with fertiliser advice. | 1500-5000 by 500",
      "Stack emission monitoring (NEQS), per stack | Flue gas analysis against NEQS limits. | 35000-90000 by 1000",
    ],
  },
};

// ---------------------------------------------------------------------------
// Places, names and contact details
// ---------------------------------------------------------------------------

type Region = "punjab" | "capital" | "sindh" | "kp" | "balochistan" | "north";

const REGION_CITIES: Readonly<Record<Exclude<Region, "punjab">, readonly string[]>> = {
  capital: [
    "Islamabad",
    "Rawalpindi",
    "Bhara Kahu",
    "Tarnol",
    "Taxila",
    "Wah Cantonment",
    "Murree",
    "Gujar Khan",
    "Kahuta",
    "Attock",
    "Hasan Abdal",
    "Fateh Jang",
    "Chakwal",
    "Talagang",
    "Jhelum",
  ],
  sindh: [
    "Karachi",
    "Badin",
    "Dadu",
    "Daharki",
    "Dhabeji",
    "Gambat",
    "Gharo",
    "Ghotki",
    "Hala",
    "Hyderabad",
    "Islamkot",
    "Jacobabad",
    "Jamshoro",
    "Kambar",
    "Kandhkot",
    "Kandiaro",
    "Kashmore",
    "Keti Bandar",
    "Khairpur",
    "Khipro",
    "Kotri",
    "Kunri",
    "Larkana",
    "Matiari",
    "Matli",
    "Mehar",
    "Mirpur Khas",
    "Mirpur Mathelo",
    "Mithi",
    "Moro",
    "Nagarparkar",
    "Naushahro Feroze",
    "Nawabshah",
    "Nooriabad",
    "Pano Aqil",
    "Ratodero",
    "Rohri",
    "Sakrand",
    "Sanghar",
    "Sehwan",
    "Shahdadkot",
    "Shahdadpur",
    "Shikarpur",
    "Sujawal",
    "Sukkur",
    "Tando Adam",
    "Tando Allahyar",
    "Tando Jam",
    "Tando Muhammad Khan",
    "Thatta",
    "Ubauro",
    "Umerkot",
  ],
  kp: [
    "Abbottabad",
    "Akora Khattak",
    "Balakot",
    "Bannu",
    "Bara",
    "Batagram",
    "Batkhela",
    "Besham",
    "Chakdara",
    "Charsadda",
    "Chitral",
    "Daggar",
    "Dargai",
    "Darra Adam Khel",
    "Dera Ismail Khan",
    "Dir",
    "Hangu",
    "Haripur",
    "Havelian",
    "Jamrud",
    "Jehangira",
    "Kalam",
    "Karak",
    "Khar",
    "Kohat",
    "Lakki Marwat",
    "Landi Kotal",
    "Mansehra",
    "Mardan",
    "Mingora",
    "Mir Ali",
    "Miranshah",
    "Nowshera",
    "Pabbi",
    "Parachinar",
    "Peshawar",
    "Risalpur",
    "Shabqadar",
    "Swabi",
    "Takht-i-Bahi",
    "Tangi",
    "Tank",
    "Timergara",
    "Topi",
    "Wana",
  ],
  balochistan: [
    "Bela",
    "Chaman",
    "Dalbandin",
    "Dera Allah Yar",
    "Dera Bugti",
    "Dera Murad Jamali",
    "Gwadar",
    "Harnai",
    "Hub",
    "Jiwani",
    "Kalat",
    "Kharan",
    "Khuzdar",
    "Kohlu",
    "Loralai",
    "Mastung",
    "Nushki",
    "Ormara",
    "Panjgur",
    "Pasni",
    "Pishin",
    "Qila Abdullah",
    "Qila Saifullah",
    "Quetta",
    "Sibi",
    "Sui",
    "Taftan",
    "Turbat",
    "Usta Muhammad",
    "Uthal",
    "Zhob",
    "Ziarat",
  ],
  north: [
    "Astore",
    "Chilas",
    "Gahkuch",
    "Gilgit",
    "Hunza",
    "Khaplu",
    "Shigar",
    "Skardu",
    "Athmuqam",
    "Bagh",
    "Bhimber",
    "Chakswari",
    "Dadyal",
    "Hajira",
    "Hattian Bala",
    "Islamgarh",
    "Kotli",
    "Mirpur",
    "Muzaffarabad",
    "Palandri",
    "Rawalakot",
    "Sharda",
  ],
};

const FAMILY_NAMES: Readonly<Record<Region, readonly string[]>> = {
  punjab: [
    "Malik",
    "Butt",
    "Sheikh",
    "Chaudhry",
    "Qureshi",
    "Awan",
    "Siddiqui",
    "Mirza",
    "Rana",
    "Baig",
    "Khan",
    "Hashmi",
    "Ansari",
    "Bhatti",
    "Cheema",
    "Bajwa",
    "Gondal",
    "Warraich",
    "Gill",
    "Mughal",
    "Rajput",
    "Arain",
    "Chughtai",
    "Farooqi",
    "Usmani",
    "Zaidi",
    "Rizvi",
    "Naqvi",
    "Kazmi",
    "Lodhi",
    "Tiwana",
    "Dogar",
    "Virk",
    "Niazi",
    "Gillani",
    "Bukhari",
    "Sethi",
    "Paracha",
  ],
  capital: [
    "Abbasi",
    "Kiani",
    "Janjua",
    "Raja",
    "Satti",
    "Malik",
    "Awan",
    "Mughal",
    "Qureshi",
    "Chaudhry",
    "Khan",
    "Mirza",
    "Hashmi",
    "Siddiqui",
    "Bhatti",
    "Minhas",
  ],
  sindh: [
    "Memon",
    "Soomro",
    "Jatoi",
    "Channa",
    "Abro",
    "Mahar",
    "Talpur",
    "Khoso",
    "Laghari",
    "Junejo",
    "Shaikh",
    "Baloch",
    "Qureshi",
    "Siddiqui",
    "Ansari",
    "Khan",
    "Rajput",
    "Hashmi",
    "Syed",
  ],
  kp: [
    "Afridi",
    "Khattak",
    "Yousafzai",
    "Durrani",
    "Marwat",
    "Mohmand",
    "Bangash",
    "Swati",
    "Tanoli",
    "Jadoon",
    "Shinwari",
    "Khan",
    "Sethi",
    "Qureshi",
    "Awan",
    "Kakakhel",
  ],
  balochistan: [
    "Baloch",
    "Rind",
    "Kakar",
    "Achakzai",
    "Kasi",
    "Tareen",
    "Notezai",
    "Lehri",
    "Zehri",
    "Khan",
    "Durrani",
    "Mandokhail",
  ],
  north: [
    "Baig",
    "Shah",
    "Khan",
    "Mir",
    "Hunzai",
    "Raja",
    "Abbasi",
    "Rathore",
    "Mughal",
    "Chaudhry",
    "Qureshi",
    "Awan",
  ],
};

const BRAND_WORDS: readonly string[] = [
  "Al-Noor",
  "Al-Madina",
  "Al-Rehman",
  "Al-Fateh",
  "Al-Karim",
  "Al-Hamd",
  "Al-Aziz",
  "Al-Hilal",
  "Crescent",
  "Indus",
  "Pak",
  "Zam Zam",
  "Star",
  "Royal",
  "New",
  "Sitara",
  "Kohinoor",
  "Shaheen",
  "Falcon",
  "Eagle",
  "Prime",
  "United",
  "National",
  "Golden",
  "Crown",
  "Sunrise",
  "Diamond",
  "Madni",
  "Noor",
  "Rehmat",
  "Barkat",
  "Fazal",
  "Iqbal",
  "Quaid",
  "Excel",
  "Pioneer",
  "Paramount",
  "Super",
  "Friends",
  "Unique",
  "Classic",
  "Modern",
  "Ideal",
  "Green Valley",
  "Silver Star",
  "Hilal",
];

const REGION_BRANDS: Readonly<Record<Region, readonly string[]>> = {
  punjab: ["Ravi", "Chenab", "Punjab", "Jhelum", "Sutlej", "Shalimar", "Lyallpur", "Data"],
  capital: ["Margalla", "Potohar", "Capital", "Rawal", "Faisal"],
  sindh: ["Mehran", "Sindh", "Kirthar", "Bhittai", "Sea Breeze", "Port City"],
  kp: ["Khyber", "Frontier", "Hindukush", "Swat", "Gandhara", "Tirah"],
  balochistan: ["Bolan", "Chiltan", "Zarghoon", "Makran", "Gwadar"],
  north: ["Karakoram", "Rakaposhi", "Kashmir", "Neelum", "Himalaya", "Nanga Parbat"],
};

const GIVEN_NAMES: readonly string[] = [
  "Bilal",
  "Usman",
  "Hamza",
  "Zeeshan",
  "Faisal",
  "Tariq",
  "Imran",
  "Adnan",
  "Kashif",
  "Asif",
  "Shahid",
  "Nadeem",
  "Rizwan",
  "Waqas",
  "Fahad",
  "Saad",
  "Ali",
  "Hassan",
  "Ahmed",
  "Umar",
  "Junaid",
  "Arslan",
  "Danish",
  "Farhan",
  "Salman",
];

const ELDER_NAMES: readonly string[] = [
  "Muhammad Aslam",
  "Abdul Rasheed",
  "Ghulam Rasool",
  "Muhammad Iqbal",
  "Abdul Ghafoor",
  "Noor Muhammad",
  "Allah Ditta",
  "Muhammad Yousaf",
  "Abdul Majeed",
  "Muhammad Ramzan",
  "Bashir Ahmad",
  "Abdul Sattar",
  "Ghulam Nabi",
  "Fazal Din",
  "Muhammad Sadiq",
  "Abdul Hameed",
  "Karim Bakhsh",
  "Sher Muhammad",
  "Umar Din",
  "Nazir Ahmad",
];

const GENERIC_ENDINGS: Readonly<Record<Kind, readonly string[]>> = {
  maker: [
    "Industries",
    "Enterprises",
    "Works",
    "Traders",
    "Company",
    "International",
    "Industries (Pvt) Ltd",
    "(Pvt) Ltd",
    "Corporation",
  ],
  service: ["Services", "Solutions", "Associates", "Enterprises", "(Pvt) Ltd", "Company", "& Co."],
};

/** Words appended, in order, when a generated name is already taken. */
const DISTINGUISHERS: readonly string[] = [
  "International",
  "Pakistan",
  "Global",
  "Group",
  "Associates",
];

/** Names are kept unique among the first providers of a stream; beyond it repeats are fine. */
const UNIQUE_NAME_WINDOW = 5000;

/**
 * Addresses per city as `K:Area`, K being the kind of place: I industrial
 * estate, R road, M market, O offices, H residential.
 */
const CITY_AREAS: Readonly<Record<string, readonly string[]>> = {
  Lahore: [
    "I:Sundar Industrial Estate, Raiwind Road",
    "I:Quaid-e-Azam Industrial Estate, Kot Lakhpat",
    "R:Ferozepur Road",
    "R:Multan Road",
    "R:Raiwind Road",
    "R:Bund Road",
    "M:Brandreth Road",
    "M:Shah Alam Market",
    "M:Misri Shah",
    "O:Main Boulevard, Gulberg",
    "O:Mall Road",
    "O:Davis Road",
    "H:Johar Town",
    "H:Model Town",
    "H:Garden Town",
    "H:DHA Phase 5",
    "H:Township",
  ],
  Karachi: [
    "I:SITE Area",
    "I:Korangi Industrial Area",
    "I:Landhi Industrial Area",
    "I:North Karachi Industrial Area",
    "I:F.B. Industrial Area",
    "I:Port Qasim",
    "R:Manghopir Road",
    "R:University Road",
    "M:Saddar",
    "M:Bolton Market",
    "O:Shahrah-e-Faisal",
    "O:I.I. Chundrigar Road",
    "O:Clifton",
    "O:Tariq Road",
    "H:PECHS Block 6",
    "H:Gulshan-e-Iqbal",
    "H:Bahadurabad",
  ],
  Islamabad: [
    "I:I-9 Industrial Area",
    "I:I-10 Industrial Area",
    "M:Aabpara Market",
    "O:Blue Area",
    "O:F-7 Markaz",
    "O:F-10 Markaz",
    "O:G-9 Markaz",
    "O:G-11 Markaz",
    "O:I-8 Markaz",
    "O:E-11 Markaz",
  ],
  Rawalpindi: [
    "R:Peshawar Road",
    "R:Airport Road",
    "R:Adiala Road",
    "R:G.T. Road",
    "M:Raja Bazaar",
    "M:Saddar",
    "M:Committee Chowk",
    "O:Murree Road",
    "H:Satellite Town",
    "H:Chaklala Scheme III",
    "H:Westridge",
    "H:Bahria Town Phase 7",
  ],
  Faisalabad: [
    "I:M-3 Industrial City",
    "R:Sargodha Road",
    "R:Jhang Road",
    "R:Satiana Road",
    "R:Samundri Road",
    "R:Sheikhupura Road",
    "R:Jaranwala Road",
    "R:Millat Road",
    "R:Canal Road",
    "M:Rail Bazaar",
    "M:Karkhana Bazaar",
    "M:Aminpur Bazaar",
    "M:Kotwali Road",
    "O:Susan Road",
    "H:Madina Town",
    "H:Peoples Colony",
  ],
  Multan: [
    "I:Industrial Estate",
    "R:Vehari Road",
    "R:Bosan Road",
    "R:Khanewal Road",
    "R:Bahawalpur Road",
    "M:Hussain Agahi Bazaar",
    "O:Abdali Road",
    "H:Gulgasht Colony",
    "H:Cantt",
    "H:Shah Rukn-e-Alam Colony",
  ],
  Sialkot: [
    "I:Small Industrial Estate",
    "R:Ugoki Road",
    "R:Daska Road",
    "R:Pasrur Road",
    "R:Wazirabad Road",
    "R:Sambrial Road",
    "R:Kashmir Road",
    "R:Defence Road",
    "R:Shahab Pura Road",
    "R:Khadim Ali Road",
    "O:Paris Road",
    "H:Cantt",
  ],
  Gujranwala: [
    "I:Small Industrial Estate",
    "R:G.T. Road",
    "R:Sialkot Road",
    "R:Pasrur Road",
    "R:Gondlanwala Road",
    "R:Sheikhupura Road",
    "R:Hafizabad Road",
    "H:Satellite Town",
    "H:Model Town",
  ],
  Wazirabad: ["R:G.T. Road", "R:Sialkot Road", "M:Main Bazaar"],
  Chiniot: ["R:Sargodha Road", "R:Faisalabad Road", "R:Jhang Road", "M:Main Bazaar"],
  Gujrat: [
    "I:Small Industrial Estate",
    "R:G.T. Road",
    "R:Bhimber Road",
    "R:Jalalpur Jattan Road",
    "R:Rehman Shaheed Road",
  ],
  Peshawar: [
    "I:Hayatabad Industrial Estate",
    "I:Small Industrial Estate, Kohat Road",
    "R:G.T. Road",
    "R:Ring Road",
    "R:Charsadda Road",
    "M:Karkhano Market",
    "M:Qissa Khwani Bazaar",
    "M:Khyber Bazaar",
    "O:University Road",
    "O:Saddar Road",
    "O:Arbab Road",
    "H:Hayatabad Phase 3",
  ],
  Quetta: [
    "R:Sariab Road",
    "R:Airport Road",
    "R:Spinny Road",
    "M:Jinnah Road",
    "M:Liaquat Bazaar",
    "M:Prince Road",
    "O:Zarghoon Road",
    "O:Samungli Road",
  ],
  Hyderabad: [
    "I:SITE Area",
    "R:Auto Bhan Road",
    "R:Station Road",
    "R:Wadhu Wah Road",
    "M:Shahi Bazaar",
    "M:Resham Gali",
    "O:Saddar",
    "H:Latifabad",
    "H:Qasimabad",
  ],
  Kasur: ["R:Lahore Road", "R:Depalpur Road", "M:Main Bazaar"],
  Sheikhupura: [
    "I:Small Industrial Estate",
    "R:Lahore-Sargodha Road",
    "R:Faisalabad Road",
    "R:Lahore Road",
  ],
  Hub: ["I:Hub Industrial Trading Estate", "R:RCD Highway"],
  Kotri: ["I:SITE Area"],
  Nooriabad: ["I:Industrial Estate"],
  Gwadar: ["I:Gwadar Free Zone", "M:Main Bazaar"],
};

const GENERIC_AREAS: readonly string[] = [
  "I:Industrial Area",
  "R:Bypass Road",
  "R:Railway Road",
  "R:Circular Road",
  "R:College Road",
  "R:Station Road",
  "R:Canal Road",
  "M:Main Bazaar",
  "M:Ghalla Mandi",
  "M:Sadar Bazaar",
  "O:Jinnah Road",
  "H:Model Town",
  "H:Civil Lines",
  "H:Satellite Town",
];

type AreaKind = "I" | "R" | "M" | "O" | "H";

interface Area {
  kind: AreaKind;
  name: string;
}

const KIND_WEIGHTS: Readonly<Record<Kind, Readonly<Record<AreaKind, number>>>> = {
  maker: { I: 4, R: 3, M: 2, O: 0.7, H: 0.15 },
  service: { I: 0.3, R: 1, M: 2, O: 4, H: 2 },
};

const PLAZA_NAMES: readonly string[] = [
  "Al-Hafeez",
  "Siddique",
  "Madina",
  "Rehman",
  "Al-Qadir",
  "Ghani",
  "Shan",
  "City",
  "Kohinoor",
  "Anum",
  "Saeed",
  "Bilal",
  "Jinnah",
  "Iqbal",
  "Al-Faisal",
  "Chenab",
  "Mall View",
];
const PLAZA_TYPES: readonly string[] = [
  "Plaza",
  "Centre",
  "Arcade",
  "Tower",
  "Trade Centre",
  "Heights",
];
const FLOORS: readonly string[] = ["Ground", "First", "Second", "Third", "Fourth"];

/** [dialling code, local number length, leading digits] for cities whose code is known. */
const LANDLINES: Readonly<Record<string, readonly [string, number, readonly string[]]>> = {
  Lahore: ["42", 8, ["35", "36", "37"]],
  Karachi: ["21", 8, ["32", "34", "35", "36"]],
  Islamabad: ["51", 7, ["2", "9"]],
  Rawalpindi: ["51", 7, ["4", "5"]],
  Faisalabad: ["41", 7, ["2", "7", "8"]],
  Multan: ["61", 7, ["4", "5", "6"]],
  Sialkot: ["52", 7, ["3", "4"]],
  Gujranwala: ["55", 7, ["3", "4"]],
  Peshawar: ["91", 7, ["2", "5"]],
  Quetta: ["81", 7, ["2", "8"]],
  Hyderabad: ["22", 7, ["2", "3"]],
  Sargodha: ["48", 7, ["3", "7"]],
  Bahawalpur: ["62", 7, ["2", "8"]],
  Sukkur: ["71", 7, ["5", "6"]],
  Gujrat: ["53", 7, ["3", "5"]],
  Sheikhupura: ["56", 7, ["3", "4"]],
  Kasur: ["49", 7, ["2", "7"]],
  Sahiwal: ["40", 7, ["4", "5"]],
  Okara: ["44", 7, ["2", "5"]],
};

const MOBILE_PREFIXES: readonly string[] = [
  "300",
  "301",
  "302",
  "303",
  "304",
  "305",
  "306",
  "307",
  "308",
  "309",
  "310",
  "311",
  "312",
  "313",
  "314",
  "315",
  "316",
  "317",
  "318",
  "320",
  "321",
  "322",
  "323",
  "324",
  "325",
  "330",
  "331",
  "332",
  "333",
  "334",
  "335",
  "336",
  "340",
  "341",
  "342",
  "343",
  "344",
  "345",
  "346",
  "347",
];

const RESPONSE_TIMES = weighted<string>([
  ["1 hour", 14],
  ["2 hours", 10],
  ["2-4 hours", 18],
  ["a few hours", 24],
  ["24 hours", 14],
  ["1 business day", 12],
  ["2 business days", 8],
]);

/** How many services a provider lists: 1 to 6. */
const SERVICE_COUNTS = weighted<number>([
  [1, 10],
  [2, 20],
  [3, 25],
  [4, 20],
  [5, 15],
  [6, 10],
]);

const SERVICE_NOTES: readonly string[] = [
  "Prices exclude GST.",
  "Bulk discounts available.",
  "Final quote after reviewing requirements.",
  "Delivery or travel charges extra outside the city.",
];

const CITY_LINES: Readonly<Record<Kind, readonly string[]>> = {
  maker: [
    "Same-week delivery in {city}.",
    "Ships nationwide from {city} by courier and goods transport.",
    "Family-run in {city} since {year}.",
    "Factory visits in {city} by appointment.",
  ],
  service: [
    "Free site survey within {city}.",
    "Serving {city} and nearby districts since {year}.",
    "Teams available across {city} seven days a week.",
    "Same-day visits in most parts of {city}.",
  ],
};

const GENERIC_CAPS: Readonly<Record<Kind, readonly string[]>> = {
  maker: [
    "samples on request",
    "bulk rates for repeat buyers",
    "export packing available",
    "NTN and sales-tax registered",
  ],
  service: [
    "written quotations within a day",
    "transparent fixed pricing",
    "background-checked staff",
    "NTN and sales-tax registered",
  ],
};

const CREATED_FROM = Date.UTC(2025, 4, 1); // 18 months before CREATED_TO
const CREATED_TO = Date.UTC(2026, 10, 1);

/** The newest a generated provider's `createdAt` can be (before any shift by the seed). */
export const DEMO_CREATED_TO = new Date(CREATED_TO);

/** Every category first gets this many providers in shuffled round-robin order. */
const ROUND_ROBIN_LAPS = 4;

/** Active providers every category is guaranteed by the end of the round-robin laps. */
const MIN_ACTIVE_PER_CATEGORY = 3;

/**
 * In each round-robin lap this many providers are placed in each featured city
 * (picked among the trades that are present there), so any stream of at least
 * `ROUND_ROBIN_LAPS × categories` providers has 16+ in every featured city.
 */
const FEATURED_PER_LAP = 4;

/**
 * And this many are spread out: alternately to one of the trade's other strong
 * cities, picked evenly (Daska, Kamalia, Wazirabad, Hala …), and to any
 * non-featured city, so small towns across the country show up too.
 */
const SPREAD_PER_LAP = 8;

// ---------------------------------------------------------------------------
// Compiled tables (built and checked once at module load)
// ---------------------------------------------------------------------------

interface Trade {
  categoryId: string;
  spec: TradeSpec;
  services: readonly ServiceTemplate[];
  cities: Weighted<string>;
  related: readonly number[];
  areas: ReadonlyMap<string, Weighted<Area>>;
  /** Chance that a provider of this trade lands in each featured city. */
  featuredShare: ReadonlyMap<string, number>;
  /** The trade's strong cities other than the featured ones. */
  otherStrongCities: readonly string[];
}

const KNOWN_CITIES: ReadonlySet<string> = new Set(CITIES);

function assertCity(city: string, where: string): void {
  if (!KNOWN_CITIES.has(city)) throw new Error(`demo data: unknown city '${city}' in ${where}`);
}

function parseArea(text: string): Area {
  const kind = text.slice(0, 1);
  if (text.charAt(1) !== ":" || !["I", "R", "M", "O", "H"].includes(kind)) {
    throw new Error(`demo data: bad area '${text}'`);
  }
  return { kind: kind as AreaKind, name: text.slice(2) };
}

function areaList(texts: readonly string[], kind: Kind): Weighted<Area> {
  const weights = KIND_WEIGHTS[kind];
  return weighted(
    texts.map((t) => {
      const area = parseArea(t);
      return [area, weights[area.kind]] as const;
    }),
  );
}

const CATEGORY_INDEX = new Map(SEED_CATEGORIES.map((c, i) => [c.name, i]));

for (const name of Object.keys(TRADES)) {
  if (!CATEGORY_INDEX.has(name)) throw new Error(`demo data: no category named '${name}'`);
}

/** Anywhere in the country: featured cities a little likelier than the rest. */
const TAIL_CITIES = weighted<string>(
  CITIES.map(
    (city) => [city, (FEATURED_CITIES as readonly string[]).includes(city) ? 4 : 1] as const,
  ),
);

function tailShare(city: string): number {
  const index = TAIL_CITIES.items.indexOf(city);
  const before = index > 0 ? at(TAIL_CITIES.cumulative, index - 1) : 0;
  return index < 0 ? 0 : (at(TAIL_CITIES.cumulative, index) - before) / TAIL_CITIES.total;
}

function parseCityWeights(text: string, where: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of text.split(",")) {
    const m = /^\s*(.+?)\s+(\d+)\s*$/.exec(part);
    if (!m?.[1] || !m[2]) throw new Error(`demo data: bad city weight '${part}' in ${where}`);
    assertCity(m[1], where);
    weights.set(m[1], Number(m[2]));
  }
  return weights;
}

function parseService(text: string, where: string): ServiceTemplate {
  const m = /^(.+?) \| (.+?) \| (\d+)-(\d+) by (\d+)$/.exec(text);
  if (!m?.[1] || !m[2] || !m[3] || !m[4] || !m[5]) {
    throw new Error(`demo data: bad service '${text}' in ${where}`);
  }
  const [min, max, step] = [Number(m[3]), Number(m[4]), Number(m[5])];
  if (!(step > 0 && min >= step && max >= min)) {
    throw new Error(`demo data: bad price range in '${text}' (${where})`);
  }
  return { name: m[1], description: m[2], min, max, step };
}

const TRADE_LIST: readonly Trade[] = SEED_CATEGORIES.map((category) => {
  const spec = TRADES[category.name];
  if (!spec) throw new Error(`demo data: no trade for category '${category.name}'`);
  const cityWeights = parseCityWeights(spec.cities, category.name);
  const services = spec.services.map((text) => parseService(text, category.name));
  if (services.length < 6) throw new Error(`demo data: '${category.name}' needs 6+ services`);
  const areas = new Map<string, Weighted<Area>>();
  for (const [city, texts] of Object.entries(spec.areas ?? {})) {
    assertCity(city, `${category.name} areas`);
    areas.set(city, areaList(texts, spec.kind));
  }
  const cities = weighted(cityWeights);
  const featuredShare = new Map(
    FEATURED_CITIES.map((city) => [
      city,
      (1 - spec.tail) * ((cityWeights.get(city) ?? 0) / cities.total) + spec.tail * tailShare(city),
    ]),
  );
  return {
    categoryId: category.id,
    spec,
    services,
    cities,
    featuredShare,
    otherStrongCities: [...cityWeights.keys()].filter(
      (city) => !(FEATURED_CITIES as readonly string[]).includes(city),
    ),
    related: spec.related.map((name) => {
      const index = CATEGORY_INDEX.get(name);
      if (index === undefined) throw new Error(`demo data: unknown related category '${name}'`);
      return index;
    }),
    areas,
  };
});

const TRADE_WEIGHTS = weighted(TRADE_LIST.map((t, i) => [i, t.spec.weight] as const));

/** What the demo activity (activity.ts) words its quote requests from: a category's trade. */
export interface DemoTradeInfo {
  kind: Kind;
  /** Makers: where they work ("mill", "factory"); services: whom they serve. */
  place: string;
}

/** The trade behind a seeded category, or undefined for a category the demo does not know. */
export function demoTradeOf(categoryId: string): DemoTradeInfo | undefined {
  const trade = TRADE_LIST.find((t) => t.categoryId === categoryId);
  return trade && { kind: trade.spec.kind, place: trade.spec.place };
}

const NON_FEATURED_CITIES: readonly string[] = CITIES.filter(
  (city) => !(FEATURED_CITIES as readonly string[]).includes(city),
);

/** Featured cities, the ones fewest trades favour first, for the lap quotas. */
const FEATURED_BY_SCARCITY: readonly string[] = [...FEATURED_CITIES].sort(
  (a, b) =>
    TRADE_LIST.reduce((sum, t) => sum + (t.featuredShare.get(a) ?? 0), 0) -
    TRADE_LIST.reduce((sum, t) => sum + (t.featuredShare.get(b) ?? 0), 0),
);

const CITY_REGION = new Map<string, Region>();
for (const [region, cities] of Object.entries(REGION_CITIES) as [Region, readonly string[]][]) {
  for (const city of cities) {
    assertCity(city, `${region} region`);
    CITY_REGION.set(city, region);
  }
}

const CITY_AREA_LISTS: Readonly<Record<Kind, ReadonlyMap<string, Weighted<Area>>>> = {
  maker: new Map(
    Object.entries(CITY_AREAS).map(([city, texts]) => [city, areaList(texts, "maker")]),
  ),
  service: new Map(
    Object.entries(CITY_AREAS).map(([city, texts]) => [city, areaList(texts, "service")]),
  ),
};
for (const city of Object.keys(CITY_AREAS)) assertCity(city, "city areas");
for (const city of Object.keys(LANDLINES)) assertCity(city, "landlines");

const GENERIC_AREA_LISTS: Readonly<Record<Kind, Weighted<Area>>> = {
  maker: areaList(GENERIC_AREAS, "maker"),
  service: areaList(GENERIC_AREAS, "service"),
};

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

function regionOf(city: string): Region {
  return CITY_REGION.get(city) ?? "punjab";
}

function familyName(rng: Random, region: Region): string {
  // Mostly local surnames, some from anywhere: businesses move.
  return rng.chance(0.75) ? rng.pick(FAMILY_NAMES[region]) : rng.pick(FAMILY_NAMES.punjab);
}

function namePrefix(rng: Random, region: Region): string {
  const r = rng.next();
  if (r < 0.5) return familyName(rng, region);
  if (r < 0.62) return rng.pick(REGION_BRANDS[region]);
  if (r < 0.72) return rng.pick(GIVEN_NAMES);
  return rng.pick(BRAND_WORDS);
}

function candidateName(rng: Random, spec: TradeSpec, region: Region): string {
  const r = rng.next();
  if (r < 0.38) {
    return `${namePrefix(rng, region)} ${rng.pick(spec.words)} ${rng.pick(GENERIC_ENDINGS[spec.kind])}`;
  }
  if (r < 0.76) return `${namePrefix(rng, region)} ${rng.pick(spec.endings)}`;
  if (r < 0.88 || spec.kind === "service") {
    const family = familyName(rng, region);
    return rng.chance(0.5) && spec.kind === "maker"
      ? `${family} Brothers`
      : `${family} Brothers ${rng.pick(spec.words)}`;
  }
  // "Haji Aslam & Sons" style names belong to family workshops and mills.
  const elder = rng.pick(ELDER_NAMES);
  return rng.chance(0.4) ? `Haji ${elder} & Sons` : `${elder} & Sons`;
}

/** Inserts `word` before a trailing "(Pvt) Ltd", else appends it. */
function withWord(name: string, word: string): string {
  const suffix = " (Pvt) Ltd";
  return name.endsWith(suffix)
    ? `${name.slice(0, -suffix.length)} ${word}${suffix}`
    : `${name} ${word}`;
}

function companyName(rng: Random, spec: TradeSpec, city: string, used: Set<string> | null): string {
  const region = regionOf(city);
  let name = candidateName(rng, spec, region);
  if (!used) return name;
  for (let attempt = 0; attempt < 6 && used.has(name); attempt++) {
    name = candidateName(rng, spec, region);
  }
  if (used.has(name)) {
    const base = name;
    for (const word of [city, ...DISTINGUISHERS]) {
      name = withWord(base, word);
      if (!used.has(name)) break;
    }
  }
  used.add(name);
  return name;
}

function domainOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace("(pvt) ltd", "")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]/g, "");
  return slug.slice(0, 28) || "karkhana";
}

/** Roads out of town, named after where they lead: addresses there go by kilometre. */
const HIGHWAY_NAMES: ReadonlySet<string> = new Set([
  "G.T.",
  "Ferozepur",
  "Satiana",
  "Lahore-Sargodha",
]);

function isHighway(road: string): boolean {
  if (!road.endsWith(" Road")) return false;
  const to = road.slice(0, -" Road".length);
  return HIGHWAY_NAMES.has(to) || KNOWN_CITIES.has(to);
}

function plaza(rng: Random): string {
  return `${rng.pick(PLAZA_NAMES)} ${rng.pick(PLAZA_TYPES)}`;
}

function formatAddress(rng: Random, area: Area): string {
  const n = rng.between(1, 250);
  switch (area.kind) {
    case "I":
      return rng.chance(0.6)
        ? `Plot ${n}, ${area.name}`
        : `${rng.pick(["A", "B", "C", "D", "E", "F"])}-${n}, ${area.name}`;
    case "R": {
      const r = rng.next();
      if (r < 0.3 && isHighway(area.name)) {
        return `${rng.between(1, 18)} Km ${area.name}`;
      }
      return r < 0.75 ? `Plot ${n}, ${area.name}` : `Shop ${rng.between(1, 120)}, ${area.name}`;
    }
    case "M":
      return rng.chance(0.7)
        ? `Shop ${rng.between(1, 120)}, ${area.name}`
        : `Shop ${rng.between(1, 60)}, ${plaza(rng)}, ${area.name}`;
    case "O":
      return `Office ${rng.between(1, 40)}, ${rng.pick(FLOORS)} Floor, ${plaza(rng)}, ${area.name}`;
    case "H":
      return `House ${n}, Street ${rng.between(1, 30)}, ${area.name}`;
  }
}

function address(rng: Random, trade: Trade, city: string): string {
  const kind = trade.spec.kind;
  const special = trade.areas.get(city);
  const list =
    special && rng.chance(0.6)
      ? special
      : (CITY_AREA_LISTS[kind].get(city) ?? GENERIC_AREA_LISTS[kind]);
  return formatAddress(rng, pickWeighted(rng, list));
}

function digits(rng: Random, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String.fromCharCode(48 + rng.int(10));
  return out;
}

function phone(rng: Random, city: string): string {
  const landline = LANDLINES[city];
  if (landline && rng.chance(0.55)) {
    const [code, length, leads] = landline;
    const lead = rng.pick(leads);
    return `+92${code}${lead}${digits(rng, length - lead.length)}`;
  }
  // Stored in E.164, as the API stores what providers type (decision 020).
  return `+92${rng.pick(MOBILE_PREFIXES)}${digits(rng, 7)}`;
}

function contact(rng: Random, name: string, kind: Kind): { email: string; website: string | null } {
  const domain = domainOf(name);
  if (rng.chance(0.5)) {
    const local = rng.pick(
      kind === "maker"
        ? ["info", "sales", "contact", "export", "sales", "info"]
        : ["info", "contact", "bookings", "support", "sales"],
    );
    return { email: `${local}@${domain}.pk`, website: `https://www.${domain}.pk` };
  }
  const email = rng.chance(0.65)
    ? `${domain}@gmail.com`
    : `${rng.pick(["info", "sales", "contact"])}@${domain}.pk`;
  return { email, website: null };
}

function price(rng: Random, min: number, max: number, step: number): number {
  const raw = min + rng.next() * (max - min);
  return Math.max(step, Math.round(raw / step) * step);
}

function servicesFor(rng: Random, trade: Trade, count: number, into: DemoService[]): void {
  for (const index of sampleIndexes(rng, trade.services.length, count)) {
    const { name, description, min, max, step } = at(trade.services, index);
    into.push({
      id: rng.uuid(),
      categoryId: trade.categoryId,
      name,
      description: rng.chance(0.3) ? `${description} ${rng.pick(SERVICE_NOTES)}` : description,
      pricePkr: price(rng, min, max, step),
    });
  }
}

function describeProvider(
  rng: Random,
  name: string,
  spec: TradeSpec,
  city: string,
  secondary: TradeSpec | null,
): string {
  const sentences: string[] = [];
  const r = rng.next();
  if (r < 0.35) {
    sentences.push(`${name} is ${article(city)} ${city}-based ${spec.noun} offering ${spec.what}.`);
  } else if (r < 0.65) {
    sentences.push(`${capitalize(spec.noun)} in ${city} specialising in ${spec.what}.`);
  } else {
    const where =
      spec.kind === "maker" ? `at our ${spec.place} in ${city}` : `for ${spec.place} in ${city}`;
    sentences.push(`We ${spec.verb} ${spec.what} ${where}.`);
  }

  const [first, second] = sampleIndexes(rng, spec.caps.length, 2).map((i) => at(spec.caps, i));
  if (first !== undefined) {
    const extra = rng.chance(0.25) ? rng.pick(GENERIC_CAPS[spec.kind]) : second;
    sentences.push(
      extra && rng.chance(0.8) ? `${capitalize(first)}; ${extra}.` : `${capitalize(first)}.`,
    );
  }

  if (secondary) {
    sentences.push(`Also offers ${secondary.what}.`);
  } else if (rng.chance(0.55)) {
    const year = String(spec.kind === "maker" ? rng.between(1968, 2021) : rng.between(1995, 2022));
    sentences.push(rng.pick(CITY_LINES[spec.kind]).replace("{city}", city).replace("{year}", year));
  }
  return sentences.join(" ");
}

function pickCity(rng: Random, trade: Trade): string {
  return rng.chance(trade.spec.tail)
    ? pickWeighted(rng, TAIL_CITIES)
    : pickWeighted(rng, trade.cities);
}

/**
 * Low-discrepancy sequences (Weyl: frac(offset + i·α)) for the yes/no flags, so
 * any run of providers, even a short one, has close to the intended shares of
 * verified, suggested and inactive providers. The α are rationally independent,
 * so the flags do not correlate.
 */
interface FlagSequences {
  suggested: number;
  verified: number;
  active: number;
}

const FLAG_STEPS: FlagSequences = {
  suggested: (Math.sqrt(5) - 1) / 2,
  verified: Math.SQRT2 - 1,
  active: Math.sqrt(3) - 1,
};

function flagValue(offset: number, step: number, index: number): number {
  const x = offset + index * step;
  return x - Math.floor(x);
}

interface Slot {
  /** Position in the stream. */
  index: number;
  /** Offsets of the flag sequences for this stream. */
  flags: FlagSequences;
  tradeIndex: number;
  /** City decided by the lap plan, or null to pick one. */
  city: string | null;
  /** Keeps the provider active (a round-robin category still needs active ones). */
  forceActive: boolean;
  /** Names taken so far, or null once names no longer need to be unique. */
  usedNames: Set<string> | null;
}

function buildProvider(rng: Random, slot: Slot): DemoProvider {
  const trade = at(TRADE_LIST, slot.tradeIndex);
  const { spec } = trade;
  const city = slot.city ?? pickCity(rng, trade);
  const name = companyName(rng, spec, city, slot.usedNames);
  const id = rng.uuid();
  const { email, website } = contact(rng, name, spec.kind);

  const { index, flags } = slot;
  const isSuggested = flagValue(flags.suggested, FLAG_STEPS.suggested, index) < 0.1;
  // Suggested providers were added by visitors and are rarely verified.
  const isVerified = isSuggested
    ? rng.chance(0.04)
    : flagValue(flags.verified, FLAG_STEPS.verified, index) < 0.33;
  const isActive = flagValue(flags.active, FLAG_STEPS.active, index) < 0.93 || slot.forceActive;
  const createdAt = new Date(
    CREATED_FROM + Math.floor((rng.next() * (CREATED_TO - CREATED_FROM)) / 1000) * 1000,
  );

  const total = pickWeighted(rng, SERVICE_COUNTS);
  let secondary: Trade | null = null;
  let secondaryCount = 0;
  if (total >= 2 && trade.related.length > 0 && rng.chance(0.35)) {
    secondary = at(TRADE_LIST, rng.pick(trade.related));
    secondaryCount = total >= 4 && rng.chance(0.3) ? 2 : 1;
  }
  const services: DemoService[] = [];
  servicesFor(rng, trade, total - secondaryCount, services);
  if (secondary) servicesFor(rng, secondary, secondaryCount, services);

  return {
    id,
    companyName: name,
    description: describeProvider(rng, name, spec, city, secondary ? secondary.spec : null),
    city,
    address: address(rng, trade, city),
    phone: phone(rng, city),
    email,
    website,
    responseTime: pickWeighted(rng, RESPONSE_TIMES),
    isVerified,
    isActive,
    isSuggested,
    createdAt,
    services,
  };
}

interface Lap {
  /** Trade index per position: a seeded shuffle of all categories. */
  trades: readonly number[];
  /** Featured city fixed for the position, or null to pick as usual. */
  cities: readonly (string | null)[];
}

/**
 * Plans one round-robin lap: shuffles the categories, gives each featured city
 * `FEATURED_PER_LAP` positions (preferring trades that are strong there), then
 * `SPREAD_PER_LAP` positions to other cities where their trade is strong.
 */
function planLap(seed: number, lap: number): Lap {
  const rng = new Random(seed, lap + 1);
  const trades = sampleIndexes(rng, TRADE_LIST.length, TRADE_LIST.length);
  const cities: (string | null)[] = trades.map(() => null);
  for (const city of FEATURED_BY_SCARCITY) {
    for (let k = 0; k < FEATURED_PER_LAP; k++) {
      const open: [number, number][] = [];
      trades.forEach((trade, pos) => {
        const share = at(TRADE_LIST, trade).featuredShare.get(city) ?? 0;
        if (cities[pos] === null && share > 0) open.push([pos, share]);
      });
      if (open.length === 0) break;
      cities[pickWeighted(rng, weighted(open))] = city;
    }
  }
  for (let k = 0; k < SPREAD_PER_LAP; k++) {
    const open: number[] = [];
    trades.forEach((trade, pos) => {
      if (cities[pos] === null && at(TRADE_LIST, trade).otherStrongCities.length > 0)
        open.push(pos);
    });
    if (open.length === 0) break;
    const pos = rng.pick(open);
    cities[pos] =
      k % 2 === 0
        ? rng.pick(at(TRADE_LIST, at(trades, pos)).otherStrongCities)
        : rng.pick(NON_FEATURED_CITIES);
  }
  return { trades, cities };
}

/**
 * Streams `count` deterministic demo providers. The first
 * `ROUND_ROBIN_LAPS × categories` providers cycle through every category (in a
 * seeded order per lap, with a quota for each featured city) so every category
 * has at least three active providers and every featured city sixteen; the
 * rest follow the trades' weights.
 */
export function* generateProviders(
  count: number,
  seed: number = DEFAULT_DEMO_SEED,
): Generator<DemoProvider> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a whole number of at least 0, got ${count}`);
  }
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const seed32 = Math.trunc(seed) >>> 0;
  const rng = new Random(seed32, 0);
  const usedNames = new Set<string>();
  const flagRng = new Random(seed32, 1000);
  const flags: FlagSequences = {
    suggested: flagRng.next(),
    verified: flagRng.next(),
    active: flagRng.next(),
  };
  const categories = TRADE_LIST.length;
  const activeInLaps: number[] = TRADE_LIST.map(() => 0);
  let lap: Lap = { trades: [], cities: [] };
  for (let i = 0; i < count; i++) {
    const usedOrNull = i < UNIQUE_NAME_WINDOW ? usedNames : null;
    if (i >= ROUND_ROBIN_LAPS * categories) {
      const tradeIndex = pickWeighted(rng, TRADE_WEIGHTS);
      yield buildProvider(rng, {
        index: i,
        flags,
        tradeIndex,
        city: null,
        forceActive: false,
        usedNames: usedOrNull,
      });
      continue;
    }
    const lapNumber = Math.floor(i / categories);
    if (i % categories === 0) lap = planLap(seed32, lapNumber);
    const tradeIndex = at(lap.trades, i % categories);
    const active = at(activeInLaps, tradeIndex);
    // Inactive only while the later laps can still bring the category to the minimum.
    const forceActive = active + (ROUND_ROBIN_LAPS - 1 - lapNumber) < MIN_ACTIVE_PER_CATEGORY;
    const provider = buildProvider(rng, {
      index: i,
      flags,
      tradeIndex,
      city: at(lap.cities, i % categories),
      forceActive,
      usedNames: usedOrNull,
    });
    if (provider.isActive) activeInLaps[tradeIndex] = active + 1;
    yield provider;
  }
}
