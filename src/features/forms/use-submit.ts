import { useRef, useState } from "react";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, m } from "../../i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { toast } from "../toast/store.ts";

/** What a form's error handler may say: the page is leaving, so stay pending and stay quiet. */
export const LEAVING = "leaving";

type Outcome = typeof LEAVING | void;

/**
 * The sentence to show for a failed call, in the page's language: the API's
 * own (already translated by the server), else what the browser said (a
 * network error, in English until translated here), else `fallback`.
 */
export function failureMessage(err: unknown, fallback: string = m.auth_try_again()): string {
  return localizeError(errorText(err) ?? fallback, currentLocale());
}

export interface SubmitSteps<In, Out> {
  /**
   * Checks the form with the same zod schema the API uses and answers the
   * request's input, or null when something is wrong (the form has then shown
   * its field errors and moved the focus). Nothing is sent before this passes.
   */
  validate: () => In | null;
  /** The API call. */
  send: (input: In) => Promise<Out>;
  /** The server confirmed: show success, reset the form. Return LEAVING when navigating away. */
  onSuccess: (answer: Out, input: In) => Outcome | Promise<Outcome>;
  /**
   * The server refused or could not be reached: show field errors or a
   * message beside the form. Return LEAVING (after a redirect, say) to stay
   * pending and skip the failure toast.
   */
  onError?: (err: unknown, message: string, input: In) => Outcome;
  /** Title of the failure toast; its text is the API's own sentence when it has one. */
  failureTitle: string;
  /** The toast's text when the error says nothing useful (in the page's language). */
  failureText?: string;
}

/**
 * The sequence every form island repeats: ignore a second submit while one is
 * pending, validate, call, then success or the failure toast and field
 * errors, and leave the pending state (unless the page is leaving). Success
 * is shown only once the server has confirmed.
 */
export function useSubmit<In, Out>(steps: SubmitSteps<In, Out>) {
  const [pending, setPending] = useState(false);
  // State updates land on the next render; a double click arrives before it.
  const inFlight = useRef(false);

  const submit = async (event?: { preventDefault(): void }): Promise<void> => {
    event?.preventDefault();
    if (inFlight.current) return;
    const input = steps.validate();
    if (input === null) return;
    inFlight.current = true;
    setPending(true);
    let leaving = false;
    try {
      const answer = await steps.send(input);
      leaving = (await steps.onSuccess(answer, input)) === LEAVING;
    } catch (err) {
      const message = failureMessage(err, steps.failureText);
      leaving = steps.onError?.(err, message, input) === LEAVING;
      if (!leaving)
        toast({ title: steps.failureTitle, description: message, variant: "destructive" });
    } finally {
      if (!leaving) {
        inFlight.current = false;
        setPending(false);
      }
    }
  };

  return { pending, submit };
}
