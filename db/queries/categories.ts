import { asc } from "drizzle-orm";
import type { Category } from "../../src/lib/types.ts";
import type { Db } from "../client.ts";
import { serviceCategories } from "../schema.ts";

/** Every service category, by name. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({
      id: serviceCategories.id,
      name: serviceCategories.name,
      nameUr: serviceCategories.nameUr,
      slug: serviceCategories.slug,
      description: serviceCategories.description,
      descriptionUr: serviceCategories.descriptionUr,
      icon: serviceCategories.icon,
    })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.name));
}
