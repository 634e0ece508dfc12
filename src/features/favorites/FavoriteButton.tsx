import { useStore } from "@nanostores/react";
import { lazy, Suspense } from "react";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";

/** The heart and its tooltip load only for signed-in people (see Heart.tsx). */
const Heart = lazy(() => import("./Heart.tsx"));

interface Props {
  providerId: string;
  className?: string | undefined;
  /** On top of an image: a white disc behind the heart (the hidden placeholder stays bare). */
  overlay?: boolean;
}

/**
 * The heart toggle (labelled Favorite / Unfavorite, only when signed in).
 * Signed out, or while the session and the favorites list load, it is an
 * empty box of the same size, so the heart appears without moving anything.
 */
export function FavoriteButton({ providerId, className, overlay = false }: Props) {
  const session = useStore($session, { ssr: "initial" });
  const box = cn("size-11 shrink-0", className);
  const placeholder = <span aria-hidden="true" className={cn(box, "inline-block")} />;

  if (session.status !== "authenticated") return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Heart providerId={providerId} box={box} overlay={overlay} />
    </Suspense>
  );
}
