/**
 * Category icons. A category stores an icon-font class name (`icon-shirt`); the
 * seed names them after Lucide icons (`icon-{lucide-name}`). Instead of shipping
 * an icon font, the names map to tree-shaken inline SVG components. The map is
 * explicit on purpose: a dynamic lookup would pull all of Lucide into the bundle.
 * Names not in the map (an admin can type any class) get a generic icon.
 */
import {
  Armchair,
  Box,
  BrickWall,
  Briefcase,
  Bug,
  Building2,
  Car,
  Code,
  Cog,
  Cpu,
  Droplets,
  Factory,
  Fan,
  Flame,
  FlaskConical,
  Footprints,
  Gem,
  Hammer,
  Layers,
  Microscope,
  Package,
  PaintRoller,
  Pill,
  Plug,
  Printer,
  Scissors,
  Shirt,
  Sparkles,
  Sprout,
  Stethoscope,
  Sun,
  Trophy,
  Truck,
  Utensils,
  Wheat,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";

const ICONS: Readonly<Record<string, LucideIcon>> = {
  armchair: Armchair,
  box: Box,
  "brick-wall": BrickWall,
  briefcase: Briefcase,
  bug: Bug,
  "building-2": Building2,
  car: Car,
  code: Code,
  cog: Cog,
  cpu: Cpu,
  droplets: Droplets,
  factory: Factory,
  fan: Fan,
  flame: Flame,
  "flask-conical": FlaskConical,
  footprints: Footprints,
  gem: Gem,
  hammer: Hammer,
  layers: Layers,
  microscope: Microscope,
  package: Package,
  "paint-roller": PaintRoller,
  pill: Pill,
  plug: Plug,
  printer: Printer,
  scissors: Scissors,
  shirt: Shirt,
  sparkles: Sparkles,
  sprout: Sprout,
  stethoscope: Stethoscope,
  sun: Sun,
  trophy: Trophy,
  truck: Truck,
  utensils: Utensils,
  wheat: Wheat,
  wrench: Wrench,
  zap: Zap,
};

/** The generic icon for a name the map does not know. */
export const FallbackCategoryIcon: LucideIcon = Wrench;

/** Icon names the map knows, without the `icon-` prefix (for tests against the seed). */
export const KNOWN_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** `icon-shirt`, `shirt` or `icon icon-shirt` → the Lucide component, else the fallback. */
export function categoryIcon(iconClass: string | null | undefined): LucideIcon {
  const names = (iconClass ?? "").trim().toLowerCase().split(/\s+/);
  for (const n of names) {
    const key = n.startsWith("icon-") ? n.slice(5) : n;
    const icon = ICONS[key];
    if (icon) return icon;
  }
  return FallbackCategoryIcon;
}

export function CategoryIcon({
  icon,
  className,
}: {
  icon: string | null | undefined;
  className?: string;
}) {
  const Icon = categoryIcon(icon);
  // eslint-disable-next-line react-hooks/static-components -- categoryIcon picks one of the module's components, never makes one
  return <Icon aria-hidden="true" focusable="false" className={className} />;
}
