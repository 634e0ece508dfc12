/**
 * Service categories for Karkhana. The ids are fixed forever: other data
 * (seeded providers, saved searches, links) refers to them, so never change or
 * reuse one. Icons are Lucide icon-font classes (`icon-{lucide-name}`).
 */

export interface SeedCategory {
  id: string;
  name: string;
  description: string;
  icon: string;
}

export const SEED_CATEGORIES: readonly SeedCategory[] = Object.freeze([
  {
    id: "1c736afa-15b2-4b18-a5b0-89f779b83ead",
    name: "Textiles & Garments",
    description:
      "Spinning, weaving, dyeing and stitching of cotton and blended fabrics and ready-made garments. Faisalabad, Karachi and Lahore are the country's main textile centres.",
    icon: "icon-shirt",
  },
  {
    id: "4b990c0e-511e-4607-af6f-ea2a27c69b65",
    name: "Home Textiles",
    description:
      "Bed linen, towels, curtains and kitchen textiles for retail, hotels and export buyers, with Faisalabad and Karachi as the leading centres.",
    icon: "icon-layers",
  },
  {
    id: "324050f4-e1b2-4a26-88b2-eedd719673b8",
    name: "Denim",
    description:
      "Denim fabric mills and jeans makers, including washing, laser finishing and export-ready garment production, mostly around Karachi and Lahore.",
    icon: "icon-shirt",
  },
  {
    id: "0461c061-19ed-41a0-ab37-67592ad4d798",
    name: "Knitwear & Hosiery",
    description:
      "Knitted T-shirts, fleece, socks and hosiery, from circular knitting to dyeing and stitching.",
    icon: "icon-shirt",
  },
  {
    id: "372f640f-a048-4b73-8a7a-f422c6ffab79",
    name: "Embroidery",
    description:
      "Computerised and hand embroidery for garments, uniforms, patches and bridal wear, including traditional Multani tilla and aari work.",
    icon: "icon-scissors",
  },
  {
    id: "c558be59-de2c-4ef3-b58c-b77c379d11ef",
    name: "Leather Goods & Tanneries",
    description:
      "Hide tanning and finished leather products such as jackets, gloves, bags and wallets. Kasur and Karachi host the main tannery clusters, while Sialkot is known for leather gloves and garments.",
    icon: "icon-briefcase",
  },
  {
    id: "7a28a7f3-c043-4ab8-90c4-a29ad8f04fd2",
    name: "Footwear",
    description:
      "Shoes, sandals, Peshawari chappals and khussas, from handmade workshops to bulk factory production in Lahore, Karachi and Peshawar.",
    icon: "icon-footprints",
  },
  {
    id: "93f54eec-ba34-4b86-9e83-fa48ab7131fb",
    name: "Surgical Instruments",
    description:
      "Stainless steel surgical, dental and beauty instruments. Sialkot is one of the world's largest exporters of hand-finished surgical instruments.",
    icon: "icon-stethoscope",
  },
  {
    id: "002bb6e8-78fd-44ea-b907-80bf46e18549",
    name: "Sports Goods",
    description:
      "Footballs, gloves, cricket and hockey equipment and sportswear. Sialkot's hand-stitched and thermo-bonded footballs are used in international tournaments.",
    icon: "icon-trophy",
  },
  {
    id: "0717576f-8403-40f1-9b0e-548c8201aa60",
    name: "Cutlery & Kitchenware",
    description:
      "Knives, cutlery sets, scissors and kitchen tools, with Wazirabad and Gujranwala as the traditional cutlery centres.",
    icon: "icon-utensils",
  },
  {
    id: "d7f04db1-2b12-44ea-95da-2cc969a55d5b",
    name: "Furniture & Woodwork",
    description:
      "Home, office and hotel furniture, doors and kitchen cabinets. Chiniot is famous for hand-carved sheesham furniture, with large workshops also in Lahore and Gujrat.",
    icon: "icon-armchair",
  },
  {
    id: "056041c6-b4c2-4cdd-8aa9-f3d5ec42b2b1",
    name: "CNC Machining",
    description:
      "CNC turning, milling, wire EDM and die making for prototypes and production parts.",
    icon: "icon-cog",
  },
  {
    id: "a4fd919a-3d75-491a-87f9-764bc5dda4d8",
    name: "Metal Fabrication & Welding",
    description:
      "Steel structures, sheds, gates, railings and racks, plus on-site welding for factories, shops and homes.",
    icon: "icon-flame",
  },
  {
    id: "e5ec4002-57ca-4261-87dc-a99bc7b35c76",
    name: "Sheet Metal Work",
    description:
      "Cutting, punching, bending and powder coating of sheet metal for enclosures, ducting and cabinets.",
    icon: "icon-hammer",
  },
  {
    id: "78dd5021-5654-4646-bc40-3df4649e0490",
    name: "Casting & Forging",
    description:
      "Iron, aluminium and brass castings and forged parts for automotive, agricultural and engineering customers, with a strong cluster in Gujranwala.",
    icon: "icon-factory",
  },
  {
    id: "2b44de05-c324-4e13-ab25-3c66d784daf5",
    name: "Plastic Injection Moulding",
    description:
      "Injection moulding of plastic parts, crates, preforms and closures, plus mould design and manufacture.",
    icon: "icon-box",
  },
  {
    id: "7f8b321d-104a-49ea-9d82-8254040dad60",
    name: "Printing & Packaging",
    description:
      "Offset and digital printing, labels, flexible packaging and printed boxes for brands, schools and exporters.",
    icon: "icon-printer",
  },
  {
    id: "121a934b-dbdf-464c-91cf-01aa5e60b34e",
    name: "Corrugated Boxes",
    description:
      "Corrugated cartons and sheets for shipping and export packing, in 3-, 5- and 7-ply grades.",
    icon: "icon-package",
  },
  {
    id: "694df528-1e82-4e1f-a3bf-4715a22d43ae",
    name: "Auto Parts",
    description:
      "Parts for cars, motorcycles, rickshaws, tractors and trucks, from OEM vendors to aftermarket workshops. Lahore, Karachi and Gujranwala host most suppliers.",
    icon: "icon-car",
  },
  {
    id: "de0ccd76-a9e9-40a1-8df9-6b15d035d403",
    name: "Agricultural Machinery",
    description:
      "Tractor implements, threshers, seed drills, chaff cutters and tube-well pumps, made mainly in Daska, Faisalabad, Multan and Gujranwala.",
    icon: "icon-sprout",
  },
  {
    id: "f0844ea0-e83a-43ee-bdab-307df63b430e",
    name: "Electrical Panels & Switchgear",
    description:
      "LT distribution panels, power factor improvement panels, ATS panels and motor control centres for factories and buildings.",
    icon: "icon-zap",
  },
  {
    id: "baf09364-988c-4ea6-8987-6960c3c80656",
    name: "Solar Installation",
    description:
      "Rooftop and commercial solar systems, solar tube-wells, batteries and net-metering applications.",
    icon: "icon-sun",
  },
  {
    id: "8c68dc60-00df-41ba-b3fe-cea42b3b63e3",
    name: "HVAC & Refrigeration",
    description:
      "Installation and servicing of split ACs, VRF systems, chillers and cold storage rooms.",
    icon: "icon-fan",
  },
  {
    id: "8149bdc3-e334-4991-9e43-43deb7104133",
    name: "Electrical Contractors",
    description:
      "Domestic, commercial and industrial wiring, earthing, lighting and generator changeover work.",
    icon: "icon-plug",
  },
  {
    id: "108eae49-9c53-4afa-8f42-aeecfd32dfd6",
    name: "Plumbing & Sanitary",
    description:
      "Plumbing installation and repair, water tanks, geysers, leak detection and bathroom renovation.",
    icon: "icon-droplets",
  },
  {
    id: "fcc1564d-f5b3-46f2-b14e-bcd16be1072f",
    name: "Construction & Civil Works",
    description:
      "Grey structure and turnkey construction, boundary walls, roof slabs, waterproofing and architectural approvals.",
    icon: "icon-building-2",
  },
  {
    id: "be0aaac5-6afa-4838-9955-67264b404077",
    name: "Interior Design & Fit-Out",
    description:
      "Interior design, false ceilings, paint, wallpaper and complete fit-outs for homes, offices and restaurants.",
    icon: "icon-paint-roller",
  },
  {
    id: "7a6a4df8-86f0-48d7-80b4-2c04e58e92e8",
    name: "Marble & Granite",
    description:
      "Marble, granite and onyx slabs and tiles, with cutting, polishing and installation. Much of the stone comes from quarries in Khyber Pakhtunkhwa and Balochistan.",
    icon: "icon-gem",
  },
  {
    id: "00c24a43-da16-4259-844b-b0a1d4e9e5f2",
    name: "Ceramics & Pottery",
    description:
      "Glazed tableware, decorative pottery and handmade tiles, including Multan's blue pottery and Hala's glazed kashi tiles.",
    icon: "icon-brick-wall",
  },
  {
    id: "04617ba0-b34c-4e19-9ee7-82856c1297e7",
    name: "Carpets & Rugs",
    description:
      "Hand-knotted and machine-made carpets, kilims and rugs, plus washing and restoration, with Lahore and Karachi as the main trading centres.",
    icon: "icon-layers",
  },
  {
    id: "cf5bf9f1-306a-4cf3-bbc4-17d9aea1a391",
    name: "Handicrafts",
    description:
      "Ajrak, camel-skin lamps, truck art, onyx and wood carving, made by artisan families across Pakistan.",
    icon: "icon-sparkles",
  },
  {
    id: "91218819-354d-412e-8b6c-e129fc1aac4b",
    name: "Food Processing",
    description:
      "Fruit pulp, spices, pickles, sweets, dates and frozen food, with contract packing and cold storage.",
    icon: "icon-utensils",
  },
  {
    id: "ef7663c1-e5f8-43e7-bfe6-03cdd13ea6d7",
    name: "Rice Milling",
    description:
      "Basmati and non-basmati rice milling, sorting and packing. Most of Pakistan's basmati is grown and milled in the Gujranwala, Sheikhupura and Hafizabad belt, while Larkana mills IRRI rice.",
    icon: "icon-wheat",
  },
  {
    id: "26bdf43d-330a-4537-846a-894067de33e7",
    name: "Pharmaceutical Contract Manufacturing",
    description:
      "Toll manufacturing of tablets, capsules, syrups and blister packs in DRAP-licensed plants, mostly in Lahore and Karachi.",
    icon: "icon-pill",
  },
  {
    id: "55120bad-5f50-46ea-b636-6f0298ac747d",
    name: "Chemicals",
    description:
      "Textile, tannery and industrial chemicals, acids, alkalis and water treatment products.",
    icon: "icon-flask-conical",
  },
  {
    id: "12d6f05b-3f20-4b58-aedc-e0999a4c5090",
    name: "Glass & Bangles",
    description:
      "Glass bangles, tempered and decorative glass, mirrors and glass bottles. Hyderabad is the centre of Pakistan's glass bangle craft.",
    icon: "icon-gem",
  },
  {
    id: "27fba377-33ed-43b4-a7ad-d0577b7ca8bb",
    name: "Electronics Assembly & Repair",
    description:
      "PCB assembly, electronics repair, UPS and inverter servicing and CCTV installation.",
    icon: "icon-cpu",
  },
  {
    id: "12b8b6b9-05aa-4efe-a9a6-1497413d8eba",
    name: "IT & Software Services",
    description:
      "Websites, mobile apps, ERP systems, networking and IT support for businesses, with large teams in Lahore, Karachi and Islamabad.",
    icon: "icon-code",
  },
  {
    id: "8c614562-83be-45fd-9d90-0e15f3074e4a",
    name: "Logistics & Freight",
    description:
      "Road freight, container haulage, freight forwarding, customs clearance and warehousing across Pakistan and through Karachi's ports.",
    icon: "icon-truck",
  },
  {
    id: "868fba39-b5e5-4f15-af8e-84f709c14578",
    name: "Industrial Cleaning",
    description:
      "Factory deep cleaning, boiler descaling, duct and tank cleaning, and contract janitorial staff.",
    icon: "icon-sparkles",
  },
  {
    id: "81f91152-4228-491f-ab2e-80b10e294716",
    name: "Pest Control",
    description:
      "Termite, cockroach, rodent and mosquito control, plus fumigation of warehouses and export consignments.",
    icon: "icon-bug",
  },
  {
    id: "fe8c0c4c-a07d-4d96-81d4-1a900e8de477",
    name: "Laboratory Testing",
    description:
      "Water, food, textile, construction material and environmental testing for compliance and export.",
    icon: "icon-microscope",
  },
] satisfies SeedCategory[]);

/** Distinct icon classes used by `SEED_CATEGORIES`, sorted. */
export const ICON_NAMES: readonly string[] = Object.freeze(
  [...new Set(SEED_CATEGORIES.map((category) => category.icon))].sort(),
);
