/** The URL hash that opens the dialog (the 'Suggest a Provider' buttons set it). */
export const SUGGEST_HASH = "#suggest";
