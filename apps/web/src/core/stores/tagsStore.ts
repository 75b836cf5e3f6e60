import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface TagView {
  path: string;
  /** An i18n key, or plain text for menu entries the catalogue does not know. */
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

interface TagsState {
  visitedViews: TagView[];
  cachedViews: string[];
  /** Bumped by a refresh, so the page's kept-alive instance is replaced by a fresh one. */
  generations: Record<string, number>;
  addView(view: TagView): void;
  delView(path: string): void;
  delOthersViews(path: string): void;
  delAllViews(): void;
  refreshView(path: string): void;
}

/** Visited and cached pages (spec section 4), kept in session storage so a reload keeps the tabs. */
export const useTagsStore = create<TagsState>()(
  persist(
    (set) => ({
      visitedViews: [],
      cachedViews: [],
      generations: {},
      addView: (view) =>
        set((state) => ({
          visitedViews: state.visitedViews.some((visited) => visited.path === view.path)
            ? state.visitedViews
            : [...state.visitedViews, view],
          cachedViews: view.noCache || state.cachedViews.includes(view.path) ? state.cachedViews : [...state.cachedViews, view.path],
        })),
      delView: (path) =>
        set((state) => ({
          visitedViews: state.visitedViews.filter((view) => view.path !== path || view.affix),
          cachedViews: state.visitedViews.some((view) => view.path === path && view.affix)
            ? state.cachedViews
            : state.cachedViews.filter((cached) => cached !== path),
        })),
      delOthersViews: (path) =>
        set((state) => {
          const kept = state.visitedViews.filter((view) => view.affix || view.path === path);
          return { visitedViews: kept, cachedViews: state.cachedViews.filter((cached) => kept.some((view) => view.path === cached)) };
        }),
      delAllViews: () =>
        set((state) => {
          const kept = state.visitedViews.filter((view) => view.affix);
          return { visitedViews: kept, cachedViews: state.cachedViews.filter((cached) => kept.some((view) => view.path === cached)) };
        }),
      refreshView: (path) => set((state) => ({ generations: { ...state.generations, [path]: (state.generations[path] ?? 0) + 1 } })),
    }),
    {
      name: 'qiming-tags',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ visitedViews, cachedViews }) => ({ visitedViews, cachedViews }),
    },
  ),
);
