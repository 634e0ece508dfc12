// The package ships JavaScript only; the options are those scripts/subset-fonts.ts passes.
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2";
    keepFeatures?: string[];
    noHinting?: boolean;
    dropTables?: string[];
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetOptions,
  ): Promise<Buffer>;
}
