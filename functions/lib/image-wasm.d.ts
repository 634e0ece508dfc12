/**
 * A `.wasm?module` import, as wrangler (esbuild) bundles it for workerd: a compiled
 * WebAssembly.Module (functions/lib/image-wasm-workerd.ts).
 */
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
