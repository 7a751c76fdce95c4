import { create } from 'zustand';

type TForbiddenState = {
  /** The router location (its key) whose page the server refused with 403; null when none was. */
  forbiddenAt: string | null;
  mark: (locationKey: string) => void;
};

/**
 * A 403 for a signed-in user is a fact about one page, not about the session (DECISIONS.md): the
 * layout shows the product's "no access" page for that location and the session stays. Moving on
 * to another location shows that page as usual, since its key differs.
 */
export const useForbiddenStore = create<TForbiddenState>()((set) => ({
  forbiddenAt: null,
  mark: (locationKey) => set({ forbiddenAt: locationKey }),
}));
