/** Placeholder until the panel lands (issue 5, in progress). */
export function ProvidersPanel() {
  return null;
}
