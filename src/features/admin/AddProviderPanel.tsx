/** Placeholder until the panel lands (issue 5, in progress). */
export function AddProviderPanel() {
  return null;
}
