import { useRef, useState } from "react";
import { describedBy } from "../../components/ui/Field.tsx";

/** The keys of `V` that hold text: the ones a text control edits. */
export type TextKey<V> = { [K in keyof V]-?: V[K] extends string ? K : never }[keyof V] & string;

/** What a text control of the form gets: spread it onto the input, select or text area. */
export interface ControlProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: { currentTarget: { value: string } }) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  ref: (el: HTMLElement | null) => void;
}

/**
 * The state and wiring the dashboard and admin forms share: values, errors
 * (typing in a field clears its error), and each control's element, so the
 * first invalid one can take the focus. Ids are `${id}-${field}`, which the
 * forms' labels, hints and errors point at.
 */
export function useFormFields<V extends object>(id: string, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const elements = useRef<Partial<Record<keyof V, HTMLElement | null>>>({});

  const set = (field: TextKey<V>, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** For elements that are not text controls (an upload button, a list of checkboxes). */
  const register = (field: keyof V) => (el: HTMLElement | null) => {
    elements.current[field] = el;
  };

  const focus = (field: keyof V) => elements.current[field]?.focus();

  /** `hint`: the field shows a hint, which the control points at while there is no error. */
  const control = (field: TextKey<V>, { hint = false } = {}): ControlProps => ({
    id: `${id}-${field}`,
    name: field,
    // TextKey only admits string fields; TypeScript cannot see that through the generic.
    value: values[field] as string,
    onChange: (e) => set(field, e.currentTarget.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(`${id}-${field}`, errors[field], hint ? "hint" : undefined),
    ref: register(field),
  });

  /** The props of a field component (see ProviderFields.tsx): its control and its error. */
  const field = (name: TextKey<V>, options?: { hint?: boolean }) => ({
    control: control(name, options),
    error: errors[name],
  });

  return { values, setValues, errors, setErrors, set, register, focus, control, field };
}
