import type { ImgHTMLAttributes } from "react";
import { imageSources } from "../../lib/image-sources.ts";

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "alt">;

interface Props extends ImgProps {
  /** The stored URL (`publicUrl`, an https logo, …). */
  src: string;
  /** How wide the image is drawn, as the CSS lays it out (the `sizes` attribute). */
  sizes: string;
  /** Required so no caller forgets it: the text a reader hears, or "" for a decorative image. */
  alt: string;
  /** Width and height reserve the box before the image arrives (no layout shift). */
  width: number;
  height: number;
}

/**
 * An uploaded image in the size and format the browser needs (decision 013):
 * a `<picture>` with the WebP copies and the JPEG copies as the `<img>`'s own
 * candidates, or a plain `<img>` for a URL without copies (an https logo, an
 * upload from before they existed). The `<picture>` is `display: contents`,
 * so the `<img>` lays out exactly as it would alone.
 */
export function ResponsiveImage({ src, sizes, alt, ...img }: Props) {
  const s = imageSources(src);
  if (!s.srcSet || !s.webpSrcSet) return <img src={s.src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={s.webpSrcSet} sizes={sizes} />
      <img src={s.src} srcSet={s.srcSet} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
