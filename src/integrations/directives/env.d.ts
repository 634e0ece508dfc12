/** The project's own client directives (../island-directives.ts), for `astro check`. */
declare namespace Astro {
  interface ClientDirectives {
    "client:signedin"?: boolean;
    /** Space-separated flags: "signedin", "query". */
    "client:interaction"?: boolean | string;
    "client:toast"?: boolean;
    /** The hash that wakes the island, e.g. "#suggest". */
    "client:hash"?: string;
  }
}
