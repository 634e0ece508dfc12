import { Fragment, type ReactNode } from "react";

/**
 * A catalog message with elements inside it ("Signed in as <b>{email}</b>"):
 * each language puts the element where its grammar wants it, so the message is
 * rendered with its placeholders left in (`m.key({ email: "{email}" })`) and
 * cut at them here. User text goes into the elements, never into the template.
 */
export function fillSlots(template: string, slots: Readonly<Record<string, ReactNode>>): ReactNode {
  return template
    .split(/\{(\w+)\}/)
    .map((part, i) => (
      <Fragment key={i}>{i % 2 === 0 ? part : (slots[part] ?? `{${part}}`)}</Fragment>
    ));
}
