import { create } from 'zustand';
import { defaultDraft, type TDraft } from './draft-rules.ts';

type TCreatorState = {
  draft: TDraft;
  /** Changes not yet saved: leaving the creator asks "Are you sure?". */
  dirty: boolean;
  /** A fresh start (template, default or an existing survey): nothing to lose yet. */
  load: (draft: TDraft) => void;
  change: (update: (draft: TDraft) => TDraft) => void;
  markSaved: () => void;
};

export const useCreatorStore = create<TCreatorState>()((set) => ({
  draft: defaultDraft(),
  dirty: false,
  load: (draft) => set({ draft, dirty: false }),
  change: (update) => set((state) => ({ draft: update(state.draft), dirty: true })),
  markSaved: () => set({ dirty: false }),
}));
