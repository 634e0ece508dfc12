/** Placeholder until the panel lands (issue 5, in progress). */
export function UsersPanel() {
  return null;
}
