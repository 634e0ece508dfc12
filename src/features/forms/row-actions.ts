import { atom, type ReadableAtom } from "nanostores";

/**
 * Actions on the rows of a list (approve, reject, accept…), at most one in flight per
 * row: the store says which, so that row's buttons show it and ignore more clicks.
 */
export function rowActions<A extends string>() {
  const $busy = atom<Readonly<Record<string, A>>>({});
  const mark = (id: string, action: A | null) => {
    const next = { ...$busy.get() };
    if (action) next[id] = action;
    else delete next[id];
    $busy.set(next);
  };
  return {
    $busy: $busy as ReadableAtom<Readonly<Record<string, A>>>,
    /**
     * Runs `work` for row `id` unless one is in flight there; resolves true once it
     * succeeded, false when it was refused or failed (`onError` told the person).
     */
    async run(
      id: string,
      action: A,
      work: () => Promise<void>,
      onError: (err: unknown) => void,
    ): Promise<boolean> {
      if ($busy.get()[id]) return false;
      mark(id, action);
      try {
        await work();
        return true;
      } catch (err) {
        onError(err);
        return false;
      } finally {
        mark(id, null);
      }
    },
  };
}
