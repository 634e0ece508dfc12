// The package ships JavaScript only; it exports one inlang plugin.
declare module "@inlang/plugin-message-format" {
  import type { InlangPlugin } from "@inlang/sdk";
  const plugin: InlangPlugin;
  export default plugin;
}
